// A small TipTap editor (bold, italic, lists, links) that reports HTML, or '' when it holds only
// empty paragraphs. Admin-only: visitors never download TipTap.
import { useMemo } from 'react'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import type { Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { clsx } from 'clsx'
import { adminTexts } from '#client/texts/admin.ts'
import { editorTextboxAttributes } from '../editor-textbox.ts'
import { ToolbarButton } from '../ToolbarButton.tsx'

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
]

/** The editor's HTML, or '' when there is no text in it (so "required" rules see it as empty). */
function editorHtml(editor: Editor): string {
  return editor.state.doc.textContent.trim() === '' ? '' : editor.getHTML()
}

interface RichTextEditorProps {
  /** The HTML to start from; later changes of this prop are ignored (the editor owns the text). */
  initialHtml: string
  onChange: (html: string) => void
  onBlur?: () => void
  labelId: string
  describedBy?: string | undefined
  invalid?: boolean
}

export function RichTextEditor({
  initialHtml,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid = false,
}: RichTextEditorProps) {
  const editorProps = useMemo(
    () => ({
      attributes: {
        ...editorTextboxAttributes(labelId, describedBy),
        'aria-invalid': String(invalid),
        class: 'prose-editor min-h-40 px-3 py-2 outline-none',
      },
    }),
    [labelId, describedBy, invalid],
  )
  const editor = useEditor({
    extensions,
    content: initialHtml,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
    onBlur: () => onBlur?.(),
  })

  return (
    <div
      className={clsx(
        'rounded-md border bg-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-700',
        invalid ? 'border-red-700' : 'border-stone-300',
      )}
    >
      {editor ? <EditorToolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  )
}

function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  })
  const labels = adminTexts.termForm.toolbar

  function editLink() {
    const previous = (editor.getAttributes('link') as { href?: string }).href ?? ''
    const href = window.prompt(labels.linkPrompt, previous)
    if (href === null) return
    const chain = editor.chain().focus().extendMarkRange('link')
    if (href.trim() === '') chain.unsetLink().run()
    else chain.setLink({ href: href.trim() }).run()
  }

  return (
    <div role="toolbar" aria-label={labels.label} className="flex flex-wrap gap-1 border-b border-stone-200 p-1">
      <ToolbarButton
        label={labels.bold}
        pressed={active.bold}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <strong>B</strong>
      </ToolbarButton>
      <ToolbarButton
        label={labels.italic}
        pressed={active.italic}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <em>I</em>
      </ToolbarButton>
      <ToolbarButton
        label={labels.bulletList}
        pressed={active.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        •
      </ToolbarButton>
      <ToolbarButton
        label={labels.orderedList}
        pressed={active.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        1.
      </ToolbarButton>
      <ToolbarButton label={labels.link} pressed={active.link} onClick={editLink}>
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
          <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
        </svg>
      </ToolbarButton>
    </div>
  )
}
