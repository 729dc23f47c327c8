// Known ways to run script from stored HTML. Every vector, if it ever ran, would call xss(N).
// Built from the usual families: script tags, event handlers, javascript:/data: URLs, SVG and
// MathML, malformed markup and entity tricks.
const run = (n: number) => `xss(${n})`

const handlers = [
  'onerror',
  'onload',
  'onmouseover',
  'onfocus',
  'onclick',
  'onanimationstart',
  'onbegin',
  'ontoggle',
  'onpointerenter',
  'onwheel',
]
const schemes = [
  'javascript:',
  'JaVaScRiPt:',
  ' javascript:',
  'java\tscript:',
  'java\nscript:',
  'java&#x09;script:',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;',
  'javascript&colon;',
  '\u0001javascript:',
  'vbscript:',
  'data:text/html,<script>parent.',
]

export function xssVectors(): string[] {
  const vectors: string[] = []
  const add = (make: (n: number) => string) => vectors.push(make(vectors.length + 1))
  add((n) => `<script>${run(n)}</script>`)
  add((n) => `<SCRIPT SRC=data:text/javascript,${run(n)}></SCRIPT>`)
  add((n) => `<scr<script>ipt>${run(n)}</scr</script>ipt>`)
  add((n) => `<script/x>${run(n)}</script>`)
  add((n) => `<<script>${run(n)};//<</script>`)
  for (const handler of handlers) {
    add((n) => `<img src=x ${handler}="${run(n)}">`)
    add((n) => `<p ${handler}=${run(n)} tabindex=1 style="animation-name:x">p</p>`)
    add((n) => `<a href="#x" ${handler}='${run(n)}'>a</a>`)
  }
  for (const scheme of schemes) {
    add((n) => `<a href="${scheme}${run(n)}">link</a>`)
    add((n) => `<img src="${scheme}${run(n)}">`)
  }
  add((n) => `<svg onload=${run(n)}></svg>`)
  add((n) => `<svg><script>${run(n)}</script></svg>`)
  add((n) => `<svg><animate onbegin=${run(n)} attributeName=x dur=1s>`)
  add((n) => `<svg><a xlink:href="javascript:${run(n)}"><text x=20 y=20>x</text></a></svg>`)
  add((n) => `<math><mtext><table><mglyph><style><img src=x onerror=${run(n)}></style></mglyph></table></mtext></math>`)
  add((n) => `<iframe src="javascript:${run(n)}"></iframe>`)
  add((n) => `<iframe srcdoc="<script>parent.${run(n)}</script>"></iframe>`)
  add((n) => `<object data="javascript:${run(n)}"></object>`)
  add((n) => `<embed src="data:text/html,<script>parent.${run(n)}</script>">`)
  add((n) => `<form action="javascript:${run(n)}"><button>go</button></form>`)
  add((n) => `<input autofocus onfocus=${run(n)}>`)
  add((n) => `<select autofocus onfocus=${run(n)}></select>`)
  add((n) => `<textarea autofocus onfocus=${run(n)}></textarea>`)
  add((n) => `<details open ontoggle=${run(n)}>`)
  add((n) => `<video><source onerror=${run(n)}></video>`)
  add((n) => `<audio src=x onerror=${run(n)}>`)
  add((n) => `<body onload=${run(n)}>`)
  add((n) => `<meta http-equiv="refresh" content="0;url=javascript:${run(n)}">`)
  add((n) => `<base href="javascript:${run(n)}//">`)
  add((n) => `<link rel=stylesheet href="javascript:${run(n)}">`)
  add((n) => `<style>@import 'javascript:${run(n)}';</style>`)
  add((n) => `<p style="background:url(javascript:${run(n)})">bg</p>`)
  add((n) => `<p style="width:expression(${run(n)})">ie</p>`)
  add((n) => `<div style="position:fixed;inset:0" onmouseover=${run(n)}>cover</div>`)
  add((n) => `<img src=x onerror="&#${'x'}78;&#x73;&#x73;(${n})">`)
  add((n) => `<img src=x onerror=&#x78;&#x73;&#x73;&#x28;${n}&#x29;>`)
  add((n) => `<img """><script>${run(n)}</script>">`)
  add((n) => `<img src="x` + '`' + `onerror=${run(n)}">`)
  add((n) => `<a href="jav&#x0A;ascript:${run(n)}">nl</a>`)
  add(
    (n) =>
      `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${run(n)}">z</a>`,
  )
  add((n) => `<!--<img src="--><img src=x onerror=${run(n)}//">`)
  add((n) => `<noscript><p title="</noscript><img src=x onerror=${run(n)}>"></noscript>`)
  add((n) => `<template><img src=x onerror=${run(n)}></template>`)
  add((n) => `<xmp><img src=x onerror=${run(n)}></xmp>`)
  add((n) => `<title><img src=x onerror=${run(n)}></title>`)
  add((n) => `<textarea><img src=x onerror=${run(n)}></textarea>`)
  add((n) => `<isindex type=image src=1 onerror=${run(n)}>`)
  add((n) => `<marquee onstart=${run(n)}>m</marquee>`)
  add((n) => `<keygen autofocus onfocus=${run(n)}>`)
  add((n) => `<frameset onload=${run(n)}>`)
  add((n) => `<table background="javascript:${run(n)}">`)
  add((n) => `<div><a href="/term/1" onclick="${run(n)}">term</a></div>`)
  add((n) => `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" data-n="${n}">b64</a>`)
  add((n) => `<img src="data:image/svg+xml,<svg onload=parent.${run(n)}>">`)
  add((n) => `<a href="#" id="x" name="y" onclick="${run(n)}" data-term="z">t</a>`)
  add((n) => `<h2 id="a" onmouseover="${run(n)}">Heading</h2>`)
  add((n) => `<p>text<p/onmouseover=${run(n)}>broken`)
  add((n) => `<svg><style><img src=x onerror=${run(n)}></style></svg>`)
  add((n) => `<math href="javascript:${run(n)}">CLICKME</math>`)
  add((n) => `<a href="javas&#0;cript:${run(n)}">nul</a>`)
  add((n) => `<img src=x:alert(alt) onerror=eval(src) alt=${n}>`)
  add((n) => `<object type="text/html" data="data:text/html,<script>parent.${run(n)}</script>"></object>`)
  add((n) => `<button formaction="javascript:${run(n)}">b</button>`)
  add((n) => `<svg><set attributeName=href to="javascript:${run(n)}"/></svg>`)
  add((n) => `<applet code="javascript:${run(n)}"></applet>`)
  add((n) => `<div id="${n}"><![CDATA[<img src=x onerror=${run(n)}>]]></div>`)
  return vectors
}
