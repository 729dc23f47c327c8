import { describe, expect, it } from 'vitest'
import { APP_SCRIPTS_TEMPLATE_ID, appLoader, deferAppScripts } from './app-loader.ts'

const BUILT = `<!doctype html>
<html lang="et">
  <head>
    <title>T</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/http-C.js">
    <style>p{color:red}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe('deferAppScripts', () => {
  it('moves the entry script and its modulepreloads into a template at the end of <body>, the loader after it', () => {
    const html = deferAppScripts(BUILT)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('<script type="module"')
    expect(head).not.toContain('modulepreload')
    expect(head).toContain('<style>p{color:red}</style>')
    const template = new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">(.*?)</template>`).exec(html)?.[1]
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/http-C.js">',
    )
    // root, then the template, then the loader: the page's text is parsed before anything loads
    const order = ['<div id="root">', `<template id="${APP_SCRIPTS_TEMPLATE_ID}">`, `<script>${appLoader}</script>`]
    const at = order.map((part) => html.indexOf(part))
    expect(at.every((index) => index > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(html.indexOf(`<script>${appLoader}</script>`)).toBeLessThan(html.indexOf('</body>'))
  })

  it('adds the staged chunks to the template as modulepreloads, once each', () => {
    const html = deferAppScripts(BUILT, ['/assets/app-D.js', '/assets/react-B.js', '/assets/app-D.js'])
    const template = new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">(.*?)</template>`).exec(html)?.[1]
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/http-C.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/app-D.js">',
    )
  })

  it('refuses a page without an entry script or without </body>', () => {
    expect(() => deferAppScripts('<html><head></head><body></body></html>')).toThrow(/no entry module script/)
    expect(() => deferAppScripts('<head><script type="module" src="/a.js"></script></head>')).toThrow(/<\/body>/)
  })
})

/** Runs the loader against a stand-in document; returns what it appended and the callbacks it queued. */
function runLoader(visibilityState: 'visible' | 'hidden') {
  const appended: unknown[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  const content = { cloned: false }
  const document = {
    visibilityState,
    head: { appendChild: (node: unknown) => appended.push(node) },
    getElementById: (id: string) => (id === APP_SCRIPTS_TEMPLATE_ID ? { content } : null),
    importNode: (node: unknown, deep: boolean) => ({ imported: node, deep }),
  }
  new Function('document', 'requestAnimationFrame', 'setTimeout', appLoader)(
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void, delay: number) => {
      expect(delay).toBe(0)
      timers.push(callback)
    },
  )
  return { appended, frames, timers, content }
}

describe('appLoader', () => {
  it('starts the app only after the first frame, in a task of its own', () => {
    const { appended, frames, timers, content } = runLoader('visible')
    expect(appended).toEqual([])
    expect(frames).toHaveLength(1)
    frames[0]!()
    expect(appended).toEqual([]) // the frame is drawn first
    expect(timers).toHaveLength(1)
    timers[0]!()
    expect(appended).toEqual([{ imported: content, deep: true }])
  })

  it('starts the app at once in a hidden tab, which draws no frames', () => {
    const { appended, frames, content } = runLoader('hidden')
    expect(frames).toEqual([])
    expect(appended).toEqual([{ imported: content, deep: true }])
  })
})
