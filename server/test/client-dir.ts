// A client build reduced to what the server reads of one (index.html and the first-view templates),
// written to a temporary folder for tests of the page shell. The tokens are the real ones; the real
// templates against the server's filling: scripts/first-view-contract.test.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

export const FIRST_VIEW_TEMPLATES = {
  frame: '{{main}}',
  reader: '<p class="crumb">{{crumb}}</p><h1>{{title}}</h1>{{pager}}<div class="chunk">{{chunk}}</div>',
  home: '',
  homeLinkActive: '',
  homeLink: '',
  pager: '<nav>{{links}}</nav>',
  previousLink: '<a href="/content/{{id}}" rel="prev">{{title}}</a>',
  nextLink: '<a href="/content/{{id}}" rel="next">{{title}}</a>',
}

/** Makes the folder (removed after the file's tests) and returns its path, for useTestApp({ clientDir }). */
export function clientDirWithFirstView(name: string) {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>')
  fs.writeFileSync(path.join(clientDir, 'first-view.json'), JSON.stringify(FIRST_VIEW_TEMPLATES))
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))
  return clientDir
}
