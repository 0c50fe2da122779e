
// ---- oj-mcp-rs: what LeetCode's environment defines, and the call ----
#[allow(unused_imports)]
use ::ojlc::lc::*;
#[allow(unused_imports)]
use __oj_leetcode::*;
#[allow(dead_code)]
mod __oj_leetcode {
    use std::cell::RefCell;
    use std::rc::Rc;
    pub struct Solution;
    #[derive(PartialEq, Eq, Clone, Debug)]
    pub struct ListNode {
        pub val: i32,
        pub next: Option<Box<ListNode>>,
    }
    impl ListNode {
        #[inline]
        pub fn new(val: i32) -> Self {
            ListNode { next: None, val }
        }
    }
    #[derive(Debug, PartialEq, Eq)]
    pub struct TreeNode {
        pub val: i32,
        pub left: Option<Rc<RefCell<TreeNode>>>,
        pub right: Option<Rc<RefCell<TreeNode>>>,
    }
    impl TreeNode {
        #[inline]
        pub fn new(val: i32) -> Self {
            TreeNode { val, left: None, right: None }
        }
    }
    impl ::ojlc::ListLike for ListNode {
        fn make(val: i32, next: Option<Box<Self>>) -> Self {
            ListNode { val, next }
        }
        fn val(&self) -> i32 {
            self.val
        }
        fn next(&self) -> Option<&Self> {
            self.next.as_deref()
        }
    }
    impl ::ojlc::TreeLike for TreeNode {
        fn make(val: i32) -> Self {
            TreeNode::new(val)
        }
        fn val(&self) -> i32 {
            self.val
        }
        fn kids(&self) -> [Option<Rc<RefCell<Self>>>; 2] {
            [self.left.clone(), self.right.clone()]
        }
        fn set_kids(&mut self, left: Option<Rc<RefCell<Self>>>, right: Option<Rc<RefCell<Self>>>) {
            self.left = left;
            self.right = right;
        }
    }
}
