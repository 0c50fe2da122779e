# The MCP Apps view (src/view/page.html) in headless Chromium: tests/app/ loads it in a test host
# page for a problem of each platform and each verdict, asserts the rendered DOM and saves a
# screenshot of each case under target/app-view/. Included by the top Makefile; in `make test`.
#
#   make app-tests      needs Debian's `chromium` (or OJ_CHROMIUM=path); without it the tests say
#                       so and pass, except in CI (CI set), where .ci/run installs it.
#   make app-math DIRS="…"   the TeX → MathML converter over real statements (never in CI):
#                       node scripts/app/math_measure.mjs on each folder's Markdown and HTML.
#   make app-math-leetcode DOOCS=…   LeetCode's scripts (<sup>, <sub>) of a doocs/leetcode
#                       mirror through the server's converter and the view (never in CI).

.PHONY: app-tests app-math app-math-leetcode

# `cargo clippy --all-targets` (make lint) leaves out a target with `test = false`: linted here.
app-tests:
	$(CARGO) clippy --test app -- -D warnings
	$(CARGO) test --test app -- --test-threads=1

app-math:
	node scripts/app/math_measure.mjs $(DIRS)

app-math-leetcode:
	$(CARGO) build --example to_markdown
	node scripts/app/leetcode_math.mjs $(DOOCS)
