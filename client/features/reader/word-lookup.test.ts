// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { selectedWord, wordOf, wordRangeAt } from './word-lookup.ts'

function body(html: string): Element {
  document.body.innerHTML = `<h1>Otsi</h1><article><div class="reader-body"><div class="reader-chunk" data-chunk="0">${html}</div></div></article>`
  return document.querySelector('article')!
}

/** Selects from `start` in `startNode`'s text to `end` in `endNode`'s (or the same node). */
function select(startNode: Node, start: number, endNode: Node, end: number): Selection {
  const range = document.createRange()
  range.setStart(startNode, start)
  range.setEnd(endNode, end)
  const selection = document.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
  return selection
}

describe('the word a selection is', () => {
  it.each([
    ['nibbānassa', 'nibbānassa'],
    [' nibbānassa ', 'nibbānassa'],
    ['“nibbānassa,”', 'nibbānassa'],
    ['(saṁsāra)', 'saṁsāra'],
    ['saṃsāra.', 'saṃsāra'],
    ["gacchāmī'ti", "gacchāmī'ti"],
    ['gacchāmī’ti', 'gacchāmī’ti'],
    ['Buddhaṃ', 'Buddhaṃ'],
    ['mind', 'mind'],
    ["'ti", 'ti'],
  ])('%j is the word %j', (text, word) => {
    expect(wordOf(text)).toBe(word)
  })

  it('writes a letter with a combining dot as one character (NFC)', () => {
    expect(wordOf('sam\u0307sa\u0304ra')).toBe('saṁsāra')
  })

  it.each([[''], ['  '], ['…'], ['two words'], ['dukkha-nirodha'], ['55.37'], ['SN55'], ['a'.repeat(101)]])(
    '%j is no word',
    (text) => {
      expect(wordOf(text)).toBeNull()
    },
  )

  it('takes a word of 100 letters, not of 101', () => {
    expect(wordOf('a'.repeat(100))).toBe('a'.repeat(100))
    expect(wordOf('a'.repeat(101))).toBeNull()
  })
})

describe('the word at a caret (a long press)', () => {
  const text = "Evaṃ me sutaṃ: gacchāmī'ti, nibbānassa."
  const at = (offset: number) => {
    const found = wordRangeAt(text, offset)
    return found ? text.slice(found[0], found[1]) : null
  }

  it('finds the word around the caret, an inner apostrophe and diacritics included', () => {
    expect(at(0)).toBe('Evaṃ')
    expect(at(2)).toBe('Evaṃ')
    expect(at(4)).toBe('Evaṃ') // just after it
    expect(at(text.indexOf('sutaṃ') + 3)).toBe('sutaṃ')
    expect(at(text.indexOf("'ti"))).toBe("gacchāmī'ti")
    expect(at(text.indexOf("'ti") + 2)).toBe("gacchāmī'ti")
    expect(at(text.indexOf('nibb') + 1)).toBe('nibbānassa')
  })

  it('finds nothing between words', () => {
    expect(at(text.indexOf(':') + 1)).toBeNull()
    expect(wordRangeAt('a — b', 2)).toBeNull()
  })
})

describe('the selected word in the reader', () => {
  it('reads a word selected in the body, even across inline tags', () => {
    const within = body('<p id="p1">Evaṃ <em>nib</em>bānassa me.</p><p id="p2">Dukkhaṃ.</p>')
    const em = within.querySelector('em')!.firstChild!
    const after = within.querySelector('em')!.nextSibling!
    expect(selectedWord(select(em, 0, after, 7), within)?.word).toBe('nibbānassa')
    const p2 = within.querySelector('#p2')!.firstChild!
    expect(selectedWord(select(p2, 0, p2, 8), within)?.word).toBe('Dukkhaṃ')
  })

  it('ignores a selection of several words, across blocks or outside the body', () => {
    const within = body('<p id="p1">Evaṃ me sutaṃ.</p><p id="p2">Dukkhaṃ.</p>')
    const p1 = within.querySelector('#p1')!.firstChild!
    const p2 = within.querySelector('#p2')!.firstChild!
    expect(selectedWord(select(p1, 0, p1, 7), within)).toBeNull()
    expect(selectedWord(select(p1, 10, p2, 3), within)).toBeNull()
    const heading = document.querySelector('h1')!.firstChild!
    expect(selectedWord(select(heading, 0, heading, 4), within)).toBeNull()
    document.getSelection()!.removeAllRanges()
    expect(selectedWord(document.getSelection(), within)).toBeNull()
  })
})
