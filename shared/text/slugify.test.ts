import { describe, expect, it } from 'vitest'
import { slugify } from './slugify.ts'

describe('slugify', () => {
  it.each([
    ['1.1. Mindfulness of Breathing', '1-1-mindfulness-of-breathing'],
    ['1. Kāyānupassanā', '1-k-y-nupassan'],
    ['Rock&amp;Roll', 'rockroll'],
    ['Buddha&#8217;s Word', 'buddhas-word'],
    ['Buddha&#x2019;s Word', 'buddhas-word'],
    ['Translation', 'translation'],
    ['Pali text', 'pali-text'],
    ['II. Sutta Piṭaka', 'ii-sutta-pi-aka'],
    ['47. <i lang="pi">Paṇḍakas</i>', '47-pa-akas'],
    ['Õige Äge Öö Üle Šokk Žürii Straße', 'oige-age-oo-ule-sokk-zurii-strasse'],
    ['ÕIGE ÄGE', 'oige-age'],
    ['  --Hello,   World!--  ', 'hello-world'],
    [
      'Middle Discourses 28 — The Longer Simile (Mahāhatthipadopamasutta)',
      'middle-discourses-28-the-longer-simile-mah-hatthipadopamasutta',
    ],
    ['', ''],
    ['—…', ''],
    ['a &lt;b&gt; c', 'a-b-c'],
    ['Rock & Roll', 'rock-roll'],
  ])('%s → %s', (source, slug) => {
    expect(slugify(source)).toBe(slug)
  })

  it('treats a decomposed ä like the composed letter', () => {
    expect(slugify('a\u0308iti')).toBe('aiti')
  })

  it.each([
    ['unclosed tags', '<'.repeat(100_000)],
    ['an endless tag', '<' + 'a'.repeat(100_000)],
    ['an endless reference', '&' + 'a'.repeat(100_000)],
    ['many references', '&#1'.repeat(25_000)],
    ['hyphens', '-'.repeat(100_000) + 'x'],
    ['mixed', '<a &b; -'.repeat(12_500)],
  ])('finishes 100 KB of %s quickly', (_name, input) => {
    const started = performance.now()
    slugify(input)
    expect(performance.now() - started).toBeLessThan(50)
  })
})
