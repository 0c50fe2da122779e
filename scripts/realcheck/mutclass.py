"""What a planted bug's stress result means (issue 31's "find the bug in most cases"): each mutant
gets one class, and each miss a written reason.

- `found`: the stress test gave the program's verdict (`WA`, `RE`, `TLE`, `MLE`, `OLE`).
- `outputs_differ`: the statement accepts several answers and no checker was given; flagged, not
  counted as found (the model is asked for a checker).
- `unconfirmed` (`UNCONFIRMED`): a failure on an input that may break a line the generator did
  not read; flagged, not counted as found.
- `reference_fault`: the original failed first, on an input outside the statement.
- `equivalent`: the mutant gives the same answer as the original on every input the statement
  allows, so no test can find it: proven by a mechanical screen (below) or argued by hand in
  [`ARGUED`] (one line per case, keyed by the mutant, never by archive text).
- `undefined`: C++ undefined behaviour (a read one past a vector's end) that the judge's build
  does not make observable: a build without AddressSanitizer (before it, or `OJ_CXX` with
  `-fno-sanitize=address`), or an access ASan cannot see (past its redzone, in another object).
- `miss`: a real miss: the mutant differs on some valid input and the stress test did not find it.
- `error`: the harness or the tool failed (`CE`, `TOOL_ERROR`, `HARNESS_ERROR`, `GENERATOR_FAULT`).

Rates: raw = found / kept; and found / (kept - equivalent - undefined - reference_fault - error),
i.e. of the mutants the stress test could and should have found.
"""

import hashlib
import re

FOUND = ("WA", "RE", "TLE", "MLE", "OLE")
ERRORS = ("CE", "TOOL_ERROR", "HARNESS_ERROR", "PROTOCOL_ERROR", "GENERATOR_FAULT", None)


def key(rec):
    """A mutant's key: language, problem, line and a hash of the mutated line (so that an argument
    written for one mutant never covers another)."""
    h = hashlib.sha256(rec.get("mutated_line", "").encode()).hexdigest()[:10]
    return f"{rec['language']}:{rec['id']}:{rec['line']}:{h}"


# Hand-written arguments, one per mutant, each checked against the original code: why the mutant
# answers as the original does on every valid input (`equivalent`), or why its undefined
# behaviour is not observable in the reference build (`undefined`). Filled from the runs' misses.
ARGUED = {
    "python:1388:9:9bb8e719d5": ("equivalent", "at i == 2 the guarded term is f[0][j - 1], which is 0 like the fallback"),
    "java:1388:19:187c9399cc": ("equivalent", "at i == 2 the guarded term is f[0][j - 1], which is 0 like the fallback"),
    "cpp:1388:11:978fce25d0": ("equivalent", "at i == 2 the guarded term is f[0][j - 1], which is 0 like the fallback"),
    "python:775:5:06ba4f983d": ("equivalent", "nums is a permutation and mx is an earlier item: never equal to nums[i]"),
    "java:775:6:56255227e2": ("equivalent", "nums is a permutation and mx is an earlier item: never equal to nums[i]"),
    "cpp:775:7:280975c28e": ("equivalent", "nums is a permutation and mx is an earlier item: never equal to nums[i]"),
    "python:1754:5:d21305f3c1": ("equivalent", "at j == len(word2) the rest of word1 compares greater than '', so the loop appends it letter by letter as the tail does"),
    "java:1754:6:b38f835cea": ("equivalent", "at j == n the rest of word1 compares greater than '', so the loop appends it letter by letter as the tail does"),
    "python:1802:5:64366935fc": ("equivalent", "at x == cnt both formulas give x(x + 1) / 2"),
    "python:326:3:dc2b18f45e": ("equivalent", "at n == 2 the mutant returns False (2 % 3 != 0), as the original's final n == 1 does"),
    "python:2213:39:4dfa5daac9": ("equivalent", "query is only called on the whole range, answered at the root: the mutated branch never runs"),
    "python:2911:13:7e850b1791": ("equivalent", "l == r only in the middle group, where each l pairs with itself (no count); the next group breaks"),
    "python:3960:5:bc127dbb40": ("equivalent", "the last start only gives a subarray of length 1, and ans starts at 1"),
    "java:3960:5:e769e89c32": ("equivalent", "at l == n the inner loop is empty"),
    "python:1339:19:f22e99c6d6": ("equivalent", "node values are >= 1, so t == s only at the root, whose product t * (s - t) is 0 <= ans"),
    "java:1339:32:c842a83e3b": ("equivalent", "node values are >= 1, so t == s only at the root, whose product t * (s - t) is 0 <= ans"),
    "python:267:8:973eb302ad": ("equivalent", "after the odd letter is taken out every count is even: v >= 1 iff v > 1"),
    "python:1497:4:5d7cd1c6c9": ("equivalent", "the dropped i == k - 1 checks cnt[k - 1] == cnt[1], which i == 1 checks (for k == 2 it is cnt[1] == cnt[1])"),
    "java:1497:7:591c953322": ("equivalent", "the dropped i == k - 1 checks cnt[k - 1] == cnt[1], which i == 1 checks (for k == 2 it is cnt[1] == cnt[1])"),
    "python:1545:9:2180ce2727": ("equivalent", "k * 2 is even and m - 1 = 2^n - 1 odd: never equal"),
    "java:1545:14:c2851b19d5": ("equivalent", "k * 2 is even and m - 1 = 2^n - 1 odd: never equal"),
    "python:3314:8:30ead8adc9": ("equivalent", "nums[i] <= 1000 < 2^10: the loop breaks by i = 10, never reaching 31"),
    "python:1822:7:5290c025fb": ("equivalent", "v == 0 returned on the line before: v <= 0 iff v < 0 here"),
    "java:1774:36:70dea5e217": ("equivalent", "upper instead of lower bound: when t is in arr both candidate pairs hold t (distance 0, the unique best); otherwise the bounds agree"),
    "java:3759:9:65d000dcbb": ("equivalent", "the extra i == n - k compares nums[n - k] with itself: never greater"),
    "cpp:1969:16:686925344e": ("equivalent", "a = (2^p - 1) % mod < 2^31 fits an int, and its one use a * b has b a long long"),
    "cpp:838:23:9859536c7b": ("undefined", "j == n reads time[n] one past the vector (and writes force[n]): undefined, no crash in g++ -O2, the answer string unchanged"),
    "cpp:1752:5:2febd6b267": ("undefined", "i == n reads nums[n] one past the vector: undefined; g++ -O2 reads heap memory and the count came out the same"),
    "python:3266:8:b6e4945cf6": ("equivalent", "the extra steps multiply the least item while it equals the maximum m: the first steps of the periodic process the closed form stands for, which stays valid after them"),
    "java:3266:13:4f1689b2df": ("equivalent", "the extra steps multiply the least item while it equals the maximum m: the first steps of the periodic process the closed form stands for, which stays valid after them"),
    "python:2964:5:032d559c4b": ("equivalent", "the last j has no k after it, and the count it adds is never read"),
    "python:825:9:4bb230d43a": ("equivalent", "ax == 100 with ay > 100 is already excluded by ay > ax"),
    "python:287:6:e6c0d348fb": ("equivalent", "with no True in range(n - 1), bisect_left returns its length n - 1, the dropped value, which is then the answer"),
    "python:1642:7:04f186e241": ("equivalent", "a zero climb pushed is the heap's least, popped at once for 0 bricks: nothing changes"),
    "python:2276:37:f1a30070be": ("equivalent", "query is only called with l = 1 < r = 10^9, passed down unchanged: l >= r never holds"),
    "python:2947:6:e99489122f": ("equivalent", "the last start only gives a substring of length 1, where vowels == consonants cannot hold"),
    "python:3936:6:a241dd1f5b": ("equivalent", "at i == j the inner loops move i past j or j below i (or stop at 0) and the loop breaks with no swap counted"),
    "python:2560:12:a77b6caaba": ("equivalent", "with no True in range(max(nums)), bisect_left returns its length max(nums), the dropped value, which is then the answer"),
    "python:2599:7:b959207af0": ("equivalent", "zeros pushed are never popped: while s < 0 some negative is still in the heap, and it is smaller"),
    "cpp:1617:24:b852264df0": ("equivalent", "the extra mask 2^n is a power of two, skipped by the loop's first test"),
    "cpp:2279:9:a635e1ffe6": ("undefined", "i == n reads capacity[n] one past the vector; whatever it reads, both branches then return n, as the original does"),
    "cpp:849:6:a635e1ffe6": ("undefined", "i == n reads seats[n] one past the vector: the answer changes only if that memory holds 1, which g++ -O2's heap did not"),
    "cpp:2964:6:6750cfa471": ("equivalent", "the last j has no k after it, and the count it adds is never read"),
    "cpp:825:11:dccb524f9c": ("equivalent", "at ay == 121, ay > ax holds first, so cnt[121] is never read"),
    "cpp:1238:6:cbcc9ab75f": ("undefined", "i == 2^n writes g[2^n] one past the stack array; its value 3 * 2^(n - 1) never equals start < 2^n, and the write did not reach j in g++ -O2"),
    "cpp:1642:9:90a48f6177": ("equivalent", "a zero climb pushed is the heap's least, popped at once for 0 bricks: nothing changes"),
    "cpp:3539:6:0afe504c6b": ("equivalent", "every exponent passed fits an int: MOD - 2 < 2^31 and t <= m <= 30"),
    "cpp:3265:13:173e13fe0b": ("equivalent", "i == j swaps a digit with itself and inserts x, already in vis"),
    "cpp:465:19:898d00964f": ("undefined", "i == 2^m writes f[2^m] = 0 one past the stack array, after every entry the answer reads"),
    "cpp:2276:48:e469a1dcb5": ("equivalent", "query is only called with l = 1 < r = 10^9, passed down unchanged: l >= r never holds"),
    "cpp:2947:11:a16434c201": ("equivalent", "the last start only gives a substring of length 1, where vowels == consonants cannot hold"),
    "java:1617:16:b852264df0": ("equivalent", "the extra mask 2^n is a power of two, skipped by the loop's first test"),
    "java:2964:5:6750cfa471": ("equivalent", "the last j has no k after it, and the count it adds is never read"),
    "java:825:10:dccb524f9c": ("equivalent", "at ay == 121, ay > ax holds first, so cnt[121] is never read"),
    "java:1642:8:90a48f6177": ("equivalent", "a zero climb pushed is the heap's least, popped at once for 0 bricks: nothing changes"),
    "java:3265:11:173e13fe0b": ("equivalent", "i == j swaps a digit with itself and adds x, already in vis"),
    "java:465:20:da2d374794": ("equivalent", "i < 2^m has no bit m, so nums.get(m) is never called"),
    "java:2276:51:e469a1dcb5": ("equivalent", "query is only called with l = 1 < r = 10^9, passed down unchanged: l >= r never holds"),
    "java:2947:9:a16434c201": ("equivalent", "the last start only gives a substring of length 1, where vowels == consonants cannot hold"),
    "java:1854:13:cc5e62c75c": ("equivalent", "in 2050 everyone has died (death_i <= 2050): s is 0 there, never a new maximum"),
    "java:2800:10:1dbaf731a0": ("equivalent", "on a tie t equals ans: the assignment changes nothing"),
    "cpp:763:11:a635e1ffe6": ("undefined", "i == n reads last[s[n] - 'a'] = last[-97], outside the array: undefined; g++ -O2 read a value that changed nothing"),
    "cpp:2897:16:f694e6d356": ("equivalent", "nums[i] <= 10^9 < 2^30: bit 30 is never set, so cnt[30] is 0"),
    "cpp:1626:11:a635e1ffe6": ("undefined", "i == n reads arr[n] and writes f[n] one past the vectors: undefined, no crash in g++ -O2"),
    "cpp:1090:12:a137a8003d": ("undefined", "i == n reads pairs[n] one past the vector (when fewer than numWanted were taken): undefined, no crash in g++ -O2"),
    "cpp:344:4:80d4e5c364": ("equivalent", "i == j swaps the middle element with itself"),
    "cpp:4011:5:c2227dc5c0": ("equivalent", "nums.length <= 1000: at most 500,500 subarrays are counted, which an int holds"),
    "cpp:2453:9:32a3f60370": ("equivalent", "on a tie v == ans, and t == mx: the assignments change nothing"),
    "cpp:722:11:dd3639732d": ("equivalent", "at i + 1 == m, s[m] of a std::string is '\\0' (defined), never '/'"),
    "java:2897:15:f694e6d356": ("equivalent", "nums[i] <= 10^9 < 2^30: bit 30 is never set, so cnt[30] is 0"),
    "java:4011:13:70c6ef046b": ("equivalent", "y <= 1000 and a <= 1000: y * a <= 10^6 fits an int"),
    "java:2333:13:74d2feed66": ("equivalent", "at s == k the search ends at 0 and every difference is spent down to 0: the answer is 0, as the early return gives"),
    "java:2453:11:32a3f60370": ("equivalent", "on a tie v == ans, and t == mx: the assignments change nothing"),
    "java:1570:16:769e28837d": ("equivalent", "on equal sizes the two maps are swapped: the dot product is symmetric"),
    "python:2897:12:8cd0551138": ("equivalent", "nums[i] <= 10^9 < 2^30: bit 30 is never set, so cnt[30] is 0"),
    "python:344:4:a241dd1f5b": ("equivalent", "i == j swaps the middle element with itself"),
    "python:1943:9:b0c6005ec1": ("equivalent", "the last point's running sum is never read: it only ends the last segment"),
    "python:2333:12:5bd457323e": ("equivalent", "when the sum equals k the search stops one higher, and the leftover then takes exactly the items above it one down: the same array"),
    "python:2453:7:66abeeb2ec": ("equivalent", "on a tie v == ans, and t == mx: the assignments change nothing"),
    "python:722:17:57d9bc28ff": ("equivalent", "at i + 1 == m the slice s[i:i + 2] has one character, never '//'"),
    "python:335:11:f120fc82bc": ("equivalent", "when d[i - 2] == d[i - 4] and the other clauses hold, the second case already returned True at i - 1"),
    "python:1830:6:b0c6005ec1": ("equivalent", "s.length <= 3000: f and g are read up to 3000, all still filled (n = 3010)"),
    "python:1825:14:96746dbba4": ("equivalent", "a value equal to hi's least goes to the middle instead: the three parts stay sorted, so they hold the same values"),
    "python:2851:8:398ce6d2b8": ("equivalent", "the comparison changed is inside a docstring: the code is unchanged"),
    "python:3304:4:775db8d5de": ("equivalent", "one more doubling only makes word longer: word[k - 1] is unchanged"),
    "python:3366:18:ea16a93771": ("equivalent", "at x == d op2 alone gives 0 with one op1 fewer: each path through the lost option has a twin of the same cost, and the answer is the least over all op counts"),
    "cpp:3015:7:a635e1ffe6": ("equivalent", "at i == n the inner loop starts at j = n + 1 and is empty"),
    "python:3015:5:e99489122f": ("equivalent", "at i == n - 1 the inner loop range(n, n) is empty"),
    "cpp:3690:23:f6e879e54c": ("equivalent", "moving [l, r] to the end is moving [r + 1, n - 1] to l, a move the loops still make"),
    "python:3690:17:bc127dbb40": ("equivalent", "a move of a block starting at n - 1 is a move of the block before it the other way, which the loops still make"),
    "cpp:3977:40:32e2cad666": ("equivalent", "relaxing on a tie pushes an equal distance again: the distances found are the same"),
    "python:3977:27:c9431f5f9b": ("equivalent", "relaxing on a tie pushes an equal distance again: the distances found are the same"),
    "python:3291:2:2cd5f6a5e2": ("equivalent", "a if a <= b else b is still the minimum"),
    "python:1535:6:32fb257a5d": ("equivalent", "arr holds distinct integers: mx, an earlier item, never equals x"),
    "cpp:977:9:01ed60dbfd": ("equivalent", "on a tie a == b, and either square appended is the same value"),
    "cpp:3029:5:39e276d1a7": ("equivalent", "i == n is reached only when k divides n, and then returns n / k, which (n + k - 1) / k also is"),
    "cpp:1433:10:47e12f205f": ("equivalent", "i == size reads the strings' terminating '\\0' (defined for std::string): equal, never less"),
    "cpp:1904:10:01ed60dbfd": ("equivalent", "a == b means equal login and logout times, which the statement rules out"),
    "cpp:3855:6:917b4958ba": ("equivalent", "0 <= l <= r <= 9: n = r - l + 1 <= 10 fits an int"),
    "cpp:3770:10:7b50f0511e": ("equivalent", "MX = 500000 is even, not prime: the sieve's last step changes nothing"),
    "python:977:8:1a2c7ecfba": ("equivalent", "on a tie a == b, and either square appended is the same value"),
    "python:1904:7:1a2c7ecfba": ("equivalent", "a == b means equal login and logout times, which the statement rules out"),
    "python:3770:14:27a0f3fa3a": ("equivalent", "the sums of primes are checked only while t <= mx, and t == mx = 500000 is even (not prime): the break one step early appends nothing"),
    "python:371:7:9cdc3a7e0c": ("equivalent", "a == 0x80000000 is the sum -2^31, out of reach of |a|, |b| <= 1000"),
    "python:524:14:0779b3e873": ("equivalent", "on ans == t the assignment changes nothing"),
    "python:3758:17:df205f63a7": ("equivalent", "at i == n no word fits (i + m <= n fails for every m >= 3): i steps past n and the loop ends"),
    "cpp:2737:16:eb9c80e690": ("equivalent", "on a tie another node of the same least distance is taken first: Dijkstra's distances are the same"),
    "cpp:524:8:0a547e92f5": ("equivalent", "at i == m, s[m] is the string's '\\0', never a letter of t: i stays m and check returns true as before"),
    "cpp:1671:13:ab1877e0cd": ("equivalent", "right[0] is read only for a peak at 0, and a peak needs left[0] > 1, which index 0 never has"),
    "cpp:3493:14:0ec2aa0a44": ("equivalent", "j == i unites a node's set with itself: nothing changes"),
    "cpp:3138:10:bda3a2520f": ("equivalent", "i == n - 1 is a block start only for k == 1, where the first block's check already requires every letter equal"),
    "cpp:1536:7:17ebbadfed": ("equivalent", "a row whose last 1 is in column 0 gets pos -1 for 0: both are <= every i"),
    "cpp:1425:15:ddf8fa3494": ("equivalent", "an equal f kept behind a newer one leaves the front's value the same: the maxima are unchanged"),
    "cpp:839:42:0ec2aa0a44": ("equivalent", "j == i unites a string's set with itself: nothing changes"),
    "cpp:784:7:1796598311": ("equivalent", "at i == size it recurses once more, pushes the same string, and t[size] is '\\0', no letter"),
    "cpp:2973:27:029c905862": ("equivalent", "at m == 5 the five values are kept as they are, reordered, and the parent sorts again"),
    "python:3386:6:c4455d2632": ("equivalent", "i == ans assigns the same index and the same time: nothing changes"),
    "python:1425:12:3ab8829cf5": ("equivalent", "an equal f kept behind a newer one leaves the front's value the same: the maxima are unchanged"),
    "python:2973:11:6638f5df0f": ("equivalent", "at len(res) == 5, res[:2] + res[-3:] is res itself"),
    "python:1278:8:f77527c464": ("equivalent", "at i + 1 == j the added g[i + 1][j - 1] is g[j][i], below the diagonal, always 0"),
    "python:165:14:e018bb0cf8": ("equivalent", "a != b already holds: a <= b iff a < b"),
    "python:774:7:7a874ffae7": ("equivalent", "right - left == 1e-6 exactly never occurs when halving floats from these bounds: one more halving at most, within the tolerance"),
    "python:875:6:f05f2d3667": ("equivalent", "with no True in range(1, max), bisect_left returns its length max - 1, and 1 + that is max, the dropped value, which is then the answer"),
    "cpp:3697:5:9435590a7f": ("undefined", "p *= 10 after the last digit of n = 10^9 overflows an int, and that p is never read: every p pushed is at most 10^9"),
    "cpp:1216:7:a16434c201": ("equivalent", "f[n - 1][n - 1] is read only as max(f[n - 1][n - 1], f[n - 2][n - 2]), which is 1 either way"),
    "cpp:962:7:f266c530af": ("equivalent", "an equal value pushed later pops first, with a smaller width, before the earlier one: the maximum is the same"),
    "cpp:2062:6:a16434c201": ("equivalent", "the last start gives substrings of one letter, never all five vowels"),
    "cpp:2104:6:b046b70551": ("equivalent", "at i == n - 1 the inner loop is empty"),
    "cpp:839:44:7c4f5e524d": ("equivalent", "k == m compares the strings' terminating '\\0's (defined for std::string): equal, no difference counted"),
    "cpp:2509:9:01ed60dbfd": ("equivalent", "the loop runs while a != b: a >= b iff a > b inside it"),
    "python:1216:5:e99489122f": ("equivalent", "f[n - 1][n - 1] is read only as max(f[n - 1][n - 1], f[n - 2][n - 2]), which is 1 either way"),
    "python:962:5:a77c8ec3f9": ("equivalent", "an equal value pushed later pops first, with a smaller width, before the earlier one: the maximum is the same"),
    "python:2062:5:e99489122f": ("equivalent", "the last start gives substrings of one letter, never all five vowels"),
    "python:166:6:b7dc386a20": ("equivalent", "numerator == 0 returned before: numerator >= 0 iff numerator > 0 here"),
    "python:2509:7:1a2c7ecfba": ("equivalent", "the loop runs while a != b: a >= b iff a > b inside it"),
    "python:3552:31:f25d846eef": ("equivalent", "a cell pushed again at an equal distance is processed again with the same distance: the distances are the same"),
}


def _sides(line):
    """The two sides of a condition that is one comparison (`if a > b:`, `if (a >= b) {`)."""
    side = r"([\w\.]+(?:\[[\w\s+\-]*\])*)"
    m = re.match(rf"^(?:\}}\s*else\s+)?(?:if|elif|else if)\s*\(?\s*{side} (<=|>=|<|>) {side}\s*\)?\s*[:{{]?\s*(.*)$",
                 line.strip())
    return (m.group(1), m.group(3), m.group(4)) if m else None


def tie_assigns_equal(rec, code):
    """`if a > b: a = b` (a running minimum or maximum): on a tie the mutant assigns a value equal
    to the one held, so nothing changes. Only when the body is that one assignment, with no
    `else`, and both sides are names or subscripts (no calls: no side effects)."""
    if rec.get("kind") != "comparison":
        return None
    lines = code.split("\n")
    i = rec["line"] - 1
    sides = _sides(lines[i])
    if not sides:
        return None
    a, b, rest = sides
    body = {f"{a} = {b}", f"{b} = {a}", f"{a} = {b};", f"{b} = {a};"}
    rest = rest.strip().rstrip("}").strip()
    if rest:
        ok = rest in body or rest.rstrip(";") + ";" in body
        follow = lines[i + 1].strip() if i + 1 < len(lines) else ""
        return ok and not follow.startswith(("else", "elif", "} else")) and \
            f"the tie assigns `{b}` to `{a}` (or back) when they are equal: nothing changes"
    indent = len(lines[i]) - len(lines[i].lstrip())
    nxt = [l for l in lines[i + 1:i + 4]]
    if len(nxt) < 2 or nxt[0].strip() not in body:
        return None
    after = nxt[1]
    after_indent = len(after) - len(after.lstrip())
    closes = after.strip() == "}" or after_indent <= indent
    tail = lines[i + 2 + (after.strip() == "}")] if i + 2 + (after.strip() == "}") < len(lines) else ""
    if after.strip() == "}" and tail.strip().startswith("else"):
        return None
    if after.strip().startswith(("else", "elif", "} else")):
        return None
    return closes and f"the tie assigns `{b}` to `{a}` (or back) when they are equal: nothing changes"


_WIDE = r"(?:long long|ll|int64_t|long|i64|LL)"


def narrowing_fits(rec, code):
    """A 64-bit variable narrowed to `int` whose every value is reduced `% M` with `M` a constant
    below 2^31 (so it fits), and which meets no product or sum but with a 64-bit operand (so no
    arithmetic it takes part in is done in 32 bits where it was done in 64)."""
    if rec.get("kind") != "narrowing":
        return None
    m = re.match(r"^(?:const\s+)?int\s+(\w+)\s*=\s*(.+);$", rec.get("mutated_line", ""))
    if not m:
        return None
    name, init = m.groups()
    mods = _moduli(code)
    if not mods or not _reduced(init, mods):
        return None
    wide = set(re.findall(rf"\b{_WIDE}\s+(\w+)", code)) - {name}
    lines = code.split("\n")
    for j, line in enumerate(lines):
        if j == rec["line"] - 1 or not re.search(rf"\b{name}\b", line):
            continue
        s = line.strip()
        a = re.match(rf"^{name}\s*([-+*/%]?=)\s*(.+);$", s)
        if a:
            if a.group(1) != "=" or not _reduced(a.group(2), mods):
                return None
            if re.search(r"[*+\-]", a.group(2)) and not (set(re.findall(r"\w+", a.group(2))) & wide):
                return None
            continue
        if re.search(rf"\b{name}\b\s*[*+\-<]|[*+\-]\s*\b{name}\b", s) and not (set(re.findall(r"\w+", s)) & wide):
            return None
    return f"every value of `{name}` is taken mod a constant below 2^31, and every product or sum it " \
        "enters has a 64-bit operand: `int` holds it and the arithmetic is unchanged"


def _moduli(code):
    """Names (and literals) of moduli below 2^31 the code defines."""
    out = set()
    for name, value in re.findall(r"\b(\w+)\s*=\s*\(?\s*(?:\(int\)\s*)?([\d_e+ ]+?)\s*\)?\s*;", code):
        try:
            v = int(float(eval(value.replace("_", ""), {"__builtins__": {}})))  # noqa: S307 (digits only)
        except Exception:  # noqa: BLE001 (not a number: not a modulus)
            continue
        if 2 <= v < 2 ** 31:
            out.add(name)
    return out


def _reduced(expr, mods):
    """`expr` is `… % M` at its top level, `M` a modulus."""
    m = re.search(r"%\s*(\w+)\s*\)?$", expr.strip())
    return bool(m) and m.group(1) in mods


SCREENS = (tie_assigns_equal, narrowing_fits)


def classify(rec, code):
    """(class, reason) of one mutant record; `code` the original solution (None: screens skipped)."""
    v = rec.get("verdict")
    if v in FOUND:
        return "found", f"{v} after {rec.get('rounds')} rounds"
    if v == "OUTPUTS_DIFFER":
        return "outputs_differ", "several answers accepted, no checker: flagged, not counted as found"
    if v == "UNCONFIRMED":
        return "unconfirmed", "failed on an input that may break a line the generator did not read: flagged, not counted as found"
    if v == "REFERENCE_FAULT":
        return "reference_fault", "the original failed first on a generated input outside the statement"
    if v != "PASSED":
        return "error", f"{v}: {str(rec.get('summary'))[:120]}"
    argued = ARGUED.get(key(rec))
    if argued:
        return argued
    for screen in SCREENS if code else ():
        why = screen(rec, code)
        if why:
            return "equivalent", f"(screened) {why}"
    return "miss", f"{rec.get('rounds')} rounds, stopped by {rec.get('stopped_by')}"


def rates(classes):
    """The rates of a list of classes, as text: raw (found / kept), found / (kept - proven
    equivalent), and found / (kept - equivalent - undefined - reference faults - errors)."""
    n = len(classes)
    found = classes.count("found")
    eq = classes.count("equivalent")
    rest = sum(classes.count(c) for c in ("undefined", "reference_fault", "error"))
    pct = lambda a, b: f"{found}/{b} ({100 * a / b:.0f}%)" if b else f"{found}/0"  # noqa: E731
    return (f"raw {pct(found, n)}; excluding proven equivalent {pct(found, n - eq)}; "
            f"excluding also undefined behaviour, reference faults, errors {pct(found, n - eq - rest)}")
