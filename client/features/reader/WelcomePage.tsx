// The front page when no content is chosen: a quotation and the institute's signature. Its markup
// is client/layout/welcome-html.ts, which the server also sends before any script runs. Below it,
// the pages this browser read last (reading-history.ts), added after the text so nothing above them
// moves.
import { useState } from 'react'
import { Link } from 'react-router'
import { readerTexts } from '#client/texts/reader.ts'
import { welcomeArticleClass, welcomeInnerHtml, welcomeTitle } from '#client/layout/welcome-html.ts'
import { readHistory } from './reading-history.ts'

const html = welcomeInnerHtml()
const RECENT_SHOWN = 5

export function WelcomePage() {
  const [recent] = useState(() => readHistory().slice(0, RECENT_SHOWN))
  return (
    <>
      <title>{welcomeTitle}</title>
      {/* our own constant texts, escaped */}
      <article className={welcomeArticleClass} dangerouslySetInnerHTML={{ __html: html }} />
      {recent.length > 0 ? (
        <section aria-labelledby="recently-read" className="mx-auto mt-10 max-w-prose">
          <h2 id="recently-read" className="font-serif text-lg font-semibold text-stone-900">
            {readerTexts.recentlyRead}
          </h2>
          <ul className="mt-2 grid gap-1">
            {recent.map((place) => (
              <li key={place.contentId}>
                <Link
                  to={`/content/${place.contentId}`}
                  className="text-amber-800 underline underline-offset-4 hover:text-amber-950"
                >
                  {place.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
