import type { ModuleInfo } from "@trellis/core";
import { escapeHtml } from "./render-page.js";

/** The page's links: file name -> URL relative to the page. */
export type PageLinks = Readonly<Record<"viz" | "script" | "dot", string>>;

/**
 * The module graph page: the graph, drawn by the script from the DOT file, and the same modules as
 * a list that needs no script. No inline script or style, so the page's CSP allows `'self'` only.
 */
export function renderModuleGraphPage(modules: readonly ModuleInfo[], links: PageLinks): string {
  const list = modules
    .map((module) => {
      const row = (title: string, names: readonly string[]) =>
        names.length === 0 ? "" : `<dd>${title}: ${escapeHtml(names.join(", "))}</dd>`;
      return `<dt>${escapeHtml(module.name)}</dt>${row("imports", module.imports)}${row("controllers", module.controllers)}${row("providers", module.providers)}${row("exports", module.exports)}`;
    })
    .join("\n      ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Modules</title>
  </head>
  <body>
    <h1>Modules</h1>
    <div id="module-graph" data-dot="${escapeHtml(links.dot)}">Drawing the graph…</div>
    <h2>List</h2>
    <dl id="module-list">
      ${list}
    </dl>
    <script src="${escapeHtml(links.viz)}"></script>
    <script src="${escapeHtml(links.script)}"></script>
  </body>
</html>
`;
}

/** The page's script: fetches the DOT text and draws it with Graphviz (global `Viz`). */
export const moduleGraphScript = `"use strict";
(function () {
  var target = document.getElementById("module-graph");
  Promise.all([Viz.instance(), fetch(target.getAttribute("data-dot")).then(function (response) {
    if (!response.ok) throw new Error("graph.dot answered " + response.status);
    return response.text();
  })]).then(function (results) {
    target.replaceChildren(results[0].renderSVGElement(results[1]));
    document.body.setAttribute("data-rendered", "true");
  }).catch(function (error) {
    target.textContent = "The graph could not be drawn: " + error.message;
    document.body.setAttribute("data-rendered", "failed");
  });
})();
`;
