//! Snapshots of realistic statements (written for these tests, in each judge's markup).

use super::*;

#[test]
fn snapshot_leetcode_pre_examples() {
    let html = r#"<p>Given an array <code>heights</code> of <code>n</code> towers, return <em>the number of pairs</em> <code>(i, j)</code> such that tower <code>i</code> <strong>sees</strong> tower <code>j</code>.</p>

<p>&nbsp;</p>
<p><strong class="example">Example 1:</strong></p>
<img alt="" src="https://assets.example.com/towers.png" style="width: 300px; height: 120px;" />
<pre>
<strong>Input:</strong> heights = [4,2,3]
<strong>Output:</strong> 2
<strong>Explanation:</strong> Tower 0 sees towers 1 and 2 &amp; nothing else.
</pre>

<p><strong class="example">Example 2:</strong></p>

<pre>
<strong>Input:</strong> heights = [1]
<strong>Output:</strong> 0
</pre>

<p>&nbsp;</p>
<p><strong>Constraints:</strong></p>

<ul>
	<li><code>1 &lt;= n &lt;= 10<sup>5</sup></code></li>
	<li><code>-10<sup>9</sup> &lt;= heights[i] &lt;= 10<sup>9</sup></code></li>
</ul>

<p>&nbsp;</p>
<strong>Follow up:&nbsp;</strong>Can you do it in <code>O(n)</code>?"#;
    let expected = "Given an array `heights` of `n` towers, return *the number of pairs* `(i, j)` such that tower `i` **sees** tower `j`.

**Example 1:**

![](https://assets.example.com/towers.png)

```
Input: heights = [4,2,3]
Output: 2
Explanation: Tower 0 sees towers 1 and 2 & nothing else.
```

**Example 2:**

```
Input: heights = [1]
Output: 0
```

**Constraints:**

- `1 <= n <= 10^5`
- `-10^9 <= heights[i] <= 10^9`

**Follow up:** Can you do it in `O(n)`?";
    check_md(html, expected);
}

#[test]
fn snapshot_leetcode_example_block() {
    let html = r#"<p>You are given a <strong>0-indexed </strong>array <code>nums</code>.</p>

<p>&nbsp;</p>
<p><strong class="example">Example 1:</strong></p>

<div class="example-block">
<p><strong>Input:</strong> <span class="example-io">nums = [3,4]</span></p>

<p><strong>Output:</strong> <span class="example-io">25</span></p>

<p><strong>Explanation:</strong></p>

<p>The answer is 3<sup>2</sup> + 4<sup>2</sup> = 25 &asymp; &radic;625.<br />
It cannot be larger.</p>
</div>

<p>&nbsp;</p>
<p><strong>Constraints:</strong></p>

<ul>
	<li><code><font face="monospace">1 &lt;= nums.length &lt;= 100</font></code></li>
</ul>
"#;
    let expected = "You are given a **0-indexed** array `nums`.

**Example 1:**

**Input:** nums = [3,4]

**Output:** 25

**Explanation:**

The answer is 3^2 + 4^2 = 25 ≈ √625.\\
It cannot be larger.

**Constraints:**

- `1 <= nums.length <= 100`";
    check_md(html, expected);
}

/// A legacy AtCoder statement (written for this test): `<var>`, `<section>`, samples in `<pre>`.
const ATCODER_LEGACY: &str = r#"<span class="lang-en">
<p>Score : <var>200</var> points</p>

<div class="part">
<section>
<h3>Problem Statement</h3><p>You are given <var>N</var> integers <var>A_1, A_2, \ldots, A_N</var>. Print the number of pairs <var>(i, j)</var> with <var>A_i + A_j \leq K</var>.</p>
</section>
</div>

<div class="part">
<section>
<h3>Constraints</h3><ul>
<li><var>1 \leq N \leq 2 \times 10^5</var></li>
<li>All values in input are integers.</li>
</ul>
</section>
</div>

<hr />
<div class="io-style">
<div class="part">
<section>
<h3>Input</h3><p>Input is given from Standard Input in the following format:</p>
<pre><var>N</var> <var>K</var>
<var>A_1</var> <var>\ldots</var> <var>A_N</var>
</pre>
</section>
</div>
</div>

<hr />
<div class="part">
<section>
<h3>Sample Input 1</h3><pre>3 5
1 2 4
</pre>
</section>
</div>

<div class="part">
<section>
<h3>Sample Output 1</h3><pre>2
</pre>
<p>The pairs are <var>(1, 2)</var> and <var>(1, 3)</var>.</p>
</section>
</div>
</span>"#;

#[test]
fn snapshot_atcoder_legacy() {
    let html = ATCODER_LEGACY;
    let expected = r"Score : $200$ points

### Problem Statement

You are given $N$ integers $A_1, A_2, \ldots, A_N$. Print the number of pairs $(i, j)$ with $A_i + A_j \leq K$.

### Constraints

- $1 \leq N \leq 2 \times 10^5$
- All values in input are integers.

---

### Input

Input is given from Standard Input in the following format:

```
N K
A_1 \ldots A_N
```

---

### Sample Input 1

```
3 5
1 2 4
```

### Sample Output 1

```
2
```

The pairs are $(1, 2)$ and $(1, 3)$.";
    check_md(html, expected);
}

#[test]
fn snapshot_codeforces_legacy() {
    let html = r#"<div class="problem-statement"><div class="header"><div class="title">A. Even Split</div><div class="time-limit"><div class="property-title">time limit per test</div>1 second</div></div><div><p>You are given $$$n$$$ integers $$$a_1, a_2, \ldots, a_n$$$ with $$$a_i &lt; 2^{30}$$$. The value $$$$$$S = \sum_{i=1}^{n} a_i$$$$$$ is <span class="tex-font-style-bf">even</span>.</p></div><div class="input-specification"><div class="section-title">Input</div><p>The first line contains $$$t$$$ ($$$1 \le t \le 10^4$$$).</p></div><div class="output-specification"><div class="section-title">Output</div><p>Print "<span class="tex-font-style-tt">YES</span>" or "<span class="tex-font-style-tt">NO</span>".</p></div><div class="sample-tests"><div class="section-title">Example</div><div class="sample-test"><div class="input"><div class="title">Input<div title="Copy" class="input-output-copier">Copy</div></div><pre><div class="test-example-line test-example-line-even test-example-line-0">2</div><div class="test-example-line test-example-line-odd test-example-line-1">1 2</div></pre></div><div class="output"><div class="title">Output<div title="Copy" class="input-output-copier">Copy</div></div><pre>
YES
</pre></div></div></div><div class="note"><div class="section-title">Note</div><p>In the first test case $$$1+2=3$$$.</p></div></div>"#;
    let expected = r#"Time limit: 1 second

You are given $n$ integers $a_1, a_2, \ldots, a_n$ with $a_i < 2^{30}$. The value $$S = \sum_{i=1}^{n} a_i$$ is **even**.

## Input

The first line contains $t$ ($1 \le t \le 10^4$).

## Output

Print "`YES`" or "`NO`".

## Example

Input

```
2
1 2
```

Output

```
YES
```

## Note

In the first test case $1+2=3$."#;
    check_md(html, expected);
}
