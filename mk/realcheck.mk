# The real-data check of test_solution (docs/real-data.md): accepted solutions from public
# archives judged against their public statements, served by a fake oj-api-rs as the real backend
# stores them. Not a test: never part of `make test` or CI (it needs the archives, which are not
# in the repository). Included by the top Makefile (it defines CARGO).
#
#   make realcheck                                 both platforms, the default sample sizes
#   make realcheck REALCHECK_ARGS="--platform atcoder --lang cpp --n 50"
#   make realcheck REALCHECK_ARGS="--only abc300_a,abc321_b --platform atcoder"
#   make realcheck REALCHECK_ARGS="--summary"      the summary of the results already there
#
# REALCHECK_MIRRORS: the folder of bare mirrors, `<owner>+<repo>/repo` (git clone --mirror).
# REALCHECK_ACL: a checkout of atcoder/ac-library for the C++ submissions that include it; made
# from its mirror in REALCHECK_MIRRORS when missing.

REALCHECK_MIRRORS ?= $(abspath ../.mirror)
REALCHECK_ACL ?= $(abspath ../data/ac-library)
REALCHECK_VENV := .deps/realcheck-venv
REALCHECK_ARGS ?=
REALCHECK_PYTHON ?= python3

.PHONY: realcheck realcheck-deps

$(REALCHECK_VENV)/.installed: scripts/realcheck/requirements.txt
	rm -rf $(REALCHECK_VENV)
	$(REALCHECK_PYTHON) -m venv $(REALCHECK_VENV)
	$(REALCHECK_VENV)/bin/pip install -q -r scripts/realcheck/requirements.txt
	touch $@

realcheck-deps: $(REALCHECK_VENV)/.installed
	@if [ ! -d "$(REALCHECK_ACL)/atcoder" ] && [ -d "$(REALCHECK_MIRRORS)/atcoder+ac-library/repo" ]; then \
		echo "realcheck: extracting ac-library into $(REALCHECK_ACL)"; \
		mkdir -p "$(REALCHECK_ACL)" && \
		git --git-dir="$(REALCHECK_MIRRORS)/atcoder+ac-library/repo" archive HEAD | tar -x -C "$(REALCHECK_ACL)"; \
	fi

realcheck: realcheck-deps
	$(CARGO) build --release --bin oj-mcp-rs
	REALCHECK_MIRRORS="$(REALCHECK_MIRRORS)" REALCHECK_ACL="$(REALCHECK_ACL)" \
		$(REALCHECK_VENV)/bin/python scripts/realcheck/run.py $(REALCHECK_ARGS)
