import { render } from "preact";
import { App } from "./app.js";
import "./styles.css";

// A file dropped beside a drop zone would otherwise make the browser open it and leave the page.
for (const type of ["dragover", "drop"] as const) window.addEventListener(type, (event) => event.preventDefault());

render(<App />, document.getElementById("app") as HTMLElement);
