use super::*;
use crate::judge::leetcode::example;

fn ex(input: &str) -> Example {
    example::parse(input, "0").unwrap()
}

#[test]
fn two_sum() {
    let md = "Given...\n\n**Constraints:**\n\n- `2 <= nums.length <= 10^4`\n- `-10^9 <= nums[i], target <= 10^9`\n- **Exactly one valid answer exists.**\n";
    let p = plan(md, &[ex("nums = [2,7,11,15], target = 9")], None, None).unwrap();
    assert_eq!(p.read().len(), 2, "{:?}", p.unread());
    assert_eq!(p.unread(), ["Exactly one valid answer exists"]);
    let t = p.testcase(7, 0.2);
    assert_eq!(t, p.testcase(7, 0.2));
    example::parse(&t, "0").unwrap();
    let big = p.testcase(1, 1.0);
    let Call::Function(args) = example::parse(&big, "0").unwrap().call else { panic!() };
    assert_eq!(args[0].1.as_array().unwrap().len(), 10_000);
}
