// The home page's text as HTML: React shows it (client/features/reader/WelcomePage.tsx) and the
// server sends the same markup before any script runs (client/features/first-view/frame.ts).
import { siteTexts } from '#client/texts/common.ts'
import { welcomeTexts } from '#client/texts/reader.ts'
import { layoutClasses } from './layout-classes.ts'

export const welcomeArticleClass = 'mx-auto max-w-prose font-serif'
export const welcomeTitle = `${welcomeTexts.heading} · ${siteTexts.name}`

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** What the home page's article holds. */
export function welcomeInnerHtml() {
  return [
    `<h1 class="${layoutClasses.heading}">${escape(welcomeTexts.heading)}</h1>`,
    '<figure class="mt-8 border-l-4 border-amber-700/60 pl-5">',
    `<blockquote class="text-xl leading-relaxed text-stone-800 italic"><p>${escape(welcomeTexts.quotation)}</p></blockquote>`,
    `<figcaption class="mt-3 text-sm text-stone-600">— ${escape(welcomeTexts.quotationSource)}</figcaption>`,
    '</figure>',
    `<p class="mt-8 text-right text-stone-700">${escape(welcomeTexts.signature)}</p>`,
  ].join('')
}

export function welcomeHtml() {
  return `<article class="${welcomeArticleClass}">${welcomeInnerHtml()}</article>`
}
