// The front page when no content is chosen: a quotation and the institute's signature. Its markup
// is welcome-html.ts, which the server also sends before any script runs.
import { welcomeArticleClass, welcomeInnerHtml, welcomeTitle } from './welcome-html.ts'

const html = welcomeInnerHtml()

export function WelcomePage() {
  return (
    <>
      <title>{welcomeTitle}</title>
      {/* our own constant texts, escaped */}
      <article className={welcomeArticleClass} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  )
}
