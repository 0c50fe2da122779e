fn main() {
    let path = std::env::args().nth(1).unwrap();
    let raw = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1).unwrap();
    let html = v["content"].as_str().unwrap();
    let mut n = 0;
    for _ in 0..200 {
        n += oj_mcp_rs::convert::to_markdown(Some(html)).len();
    }
    println!("{n}");
}
