// The entry: notes the server's first view, then starts the app in stages (decision 050). The
// libraries and the app are evaluated one by one, each in a task of its own, so no single task
// holds the main thread for long while the page's text from the HTML is already on screen.
import { captureFirstView } from './features/first-view/first-view.ts'
import { startInStages } from './features/first-view/staged-start.ts'
import './styles.css'

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')
// The server may have put the page's first view in #root (server/http/first-view.ts): React replaces
// it in its first commit, and the reader takes its first chunk's nodes over.
captureFirstView(rootElement)

let app: typeof import('./app.tsx') | undefined
void startInStages([
  () => import('react-dom/client'),
  async () => (app = await import('./app.tsx')),
  // the router's and React's set-up apart from the app's evaluation
  () => Promise.resolve(app?.startApp(rootElement)),
])
