// The app's scripts start after the page's first frame (decision 040). The build (vite.config.ts)
// moves the entry <script type="module"> and its <link rel="modulepreload"> tags out of <head> into
// an inert <template> at the end of <body>, and puts `appLoader` after it. Fetching and compiling
// those modules while the HTML is parsed held the first view's text back by about 40 ms; started
// after the first frame, the text paints as soon as a page without scripts would, and the app
// takes the page over a moment later (first-view.ts), the links of the server's page working
// meanwhile as plain links.

/** The id of the <template> that holds the app's script and modulepreload tags. */
export const APP_SCRIPTS_TEMPLATE_ID = 'app-scripts'

/**
 * Inline in index.html after the template: once the browser has drawn a frame, the template's tags
 * go into <head>, where they load and run as if the parser had met them. A hidden tab draws no
 * frames, so there the app starts at once (nothing on screen to wait for). ES5 and tiny; its bytes
 * are hashed into the CSP from the built index.html (server/http/security-headers.ts).
 */
export const appLoader =
  `(function(){var d=document;function go(){var t=d.getElementById(${JSON.stringify(APP_SCRIPTS_TEMPLATE_ID)});` +
  `if(t)d.head.appendChild(d.importNode(t.content,true))}` +
  `if(d.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})()`

const ENTRY_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g

/**
 * index.html as Vite built it, with the entry script and modulepreload tags moved from where Vite
 * put them into the template at the end of <body>, followed by the loader. `preloads` (addresses)
 * are added to the template as modulepreloads too: the chunks the entry starts in stages
 * (staged-start.ts), fetched beside it rather than one after another.
 */
export function deferAppScripts(html: string, preloads: readonly string[] = []): string {
  const tags = [...html.matchAll(ENTRY_TAGS)].map((match) => match[0])
  const named = new Set(tags.map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1]))
  for (const href of preloads) {
    if (named.has(href)) continue
    named.add(href)
    tags.push(`<link rel="modulepreload" crossorigin href="${href}">`)
  }
  if (!tags.some((tag) => tag.includes('<script'))) throw new Error('index.html has no entry module script')
  if (!html.includes('</body>')) throw new Error('index.html has no </body> to put the app loader before')
  let deferred = html
  for (const tag of tags) deferred = deferred.replace(tag, () => '')
  const template = `<template id="${APP_SCRIPTS_TEMPLATE_ID}">${tags.map((tag) => tag.trim()).join('')}</template>`
  return deferred.replace('</body>', () => `  ${template}\n    <script>${appLoader}</script>\n  </body>`)
}
