// Formatting buttons of the rich-text view: each a labelled toggle that shows whether it is on.
import type { ReactNode } from 'react'
import { useEditorState } from '@tiptap/react'
import type { Editor } from '@tiptap/react'
import { fill } from '#shared/text/fill.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { ToolbarButton } from '../../ToolbarButton.tsx'
import { TermLinkPicker } from './TermLinkPicker.tsx'
import { TermSuggestionsButton } from './TermSuggestions.tsx'

const HEADING_LEVELS = [1, 2, 3, 4] as const

/** `children`: more buttons at the end (the picture button). */
export function RichTextToolbar({ editor, children }: { editor: Editor; children?: ReactNode }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      paragraph: current.isActive('paragraph'),
      headings: HEADING_LEVELS.map((level) => current.isActive('heading', { level })),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  })
  const labels = contentEditorTexts.toolbar
  const run = () => editor.chain().focus()

  function editLink() {
    const previous = (editor.getAttributes('link') as { href?: string | null }).href ?? ''
    const href = window.prompt(labels.linkPrompt, previous)
    if (href === null) return
    const chain = run().extendMarkRange('link')
    if (href.trim() === '') chain.unsetLink().run()
    else chain.setLink({ href: href.trim() }).run()
  }

  return (
    <div
      role="toolbar"
      aria-label={labels.label}
      className="flex flex-wrap gap-1 border-b border-stone-200 bg-stone-50 p-1"
    >
      <ToolbarButton label={labels.bold} pressed={active.bold} onClick={() => run().toggleBold().run()}>
        <strong>B</strong>
      </ToolbarButton>
      <ToolbarButton label={labels.italic} pressed={active.italic} onClick={() => run().toggleItalic().run()}>
        <em>I</em>
      </ToolbarButton>
      <ToolbarButton label={labels.paragraph} pressed={active.paragraph} onClick={() => run().setParagraph().run()}>
        ¶
      </ToolbarButton>
      {HEADING_LEVELS.map((level, index) => (
        <ToolbarButton
          key={level}
          label={fill(labels.heading, { level })}
          pressed={active.headings[index] ?? false}
          onClick={() => run().toggleHeading({ level }).run()}
        >
          H{level}
        </ToolbarButton>
      ))}
      <ToolbarButton
        label={labels.bulletList}
        pressed={active.bulletList}
        onClick={() => run().toggleBulletList().run()}
      >
        •
      </ToolbarButton>
      <ToolbarButton
        label={labels.orderedList}
        pressed={active.orderedList}
        onClick={() => run().toggleOrderedList().run()}
      >
        1.
      </ToolbarButton>
      <ToolbarButton
        label={labels.blockquote}
        pressed={active.blockquote}
        onClick={() => run().toggleBlockquote().run()}
      >
        ❝
      </ToolbarButton>
      <ToolbarButton label={labels.link} pressed={active.link} onClick={editLink}>
        <span className="underline underline-offset-2">a</span>
      </ToolbarButton>
      <TermLinkPicker editor={editor} />
      <TermSuggestionsButton editor={editor} />
      <ToolbarButton label={labels.undo} disabled={!active.canUndo} onClick={() => run().undo().run()}>
        ↶
      </ToolbarButton>
      <ToolbarButton label={labels.redo} disabled={!active.canRedo} onClick={() => run().redo().run()}>
        ↷
      </ToolbarButton>
      {children}
    </div>
  )
}
