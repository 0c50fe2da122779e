// Loads the view's pure functions (tex, math, md) from src/view/page.html into Node: the page's
// script defines them before it touches the window, which Node lacks.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const page = readFileSync(fileURLToPath(new URL("../../src/view/page.html", import.meta.url)), "utf8");
const script = page.slice(page.indexOf("<script>") + 8, page.lastIndexOf("</script>"));
export const { tex, math, md } = new Function(script + "\nreturn { tex, math, md };")();
