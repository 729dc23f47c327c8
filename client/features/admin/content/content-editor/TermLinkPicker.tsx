// "Seo mõistega" (and Ctrl+K in the text): a dialog that searches the lexicon (diacritics aside, the
// server ranks) and links the selected words to the chosen term as the site's term link,
// `<a href="/term/{id}" data-term="NAME">`; on an existing term link it offers another term or removal.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Editor } from '@tiptap/react'
import { Command } from 'cmdk'
import type { TermChoice } from '#shared/api/terms.ts'
import { fill } from '#shared/text/fill.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { termQueries } from '#client/api/terms.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/Dialog.tsx'
import { ToolbarButton } from '../../ToolbarButton.tsx'
import { useDebouncedCallback } from '../../use-debounced-callback.ts'
import { TERM_LINK_OPEN_EVENT, termOfLink } from './term-link-shortcut.ts'

const SEARCH_DELAY_MS = 150

export function TermLinkPicker({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false)
  const t = contentEditorTexts.termLink

  useEffect(() => {
    const dom = editor.view.dom
    const openPicker = () => setOpen(true)
    dom.addEventListener(TERM_LINK_OPEN_EVENT, openPicker)
    return () => dom.removeEventListener(TERM_LINK_OPEN_EVENT, openPicker)
  }, [editor])

  return (
    <>
      <ToolbarButton label={`${t.button} (Ctrl+K)`} pressed={false} onClick={() => setOpen(true)}>
        <span className="underline decoration-dotted underline-offset-2">{t.button}</span>
      </ToolbarButton>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <TermLinkDialog editor={editor} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  )
}

function TermLinkDialog({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const t = contentEditorTexts.termLink
  const current = editor.isActive('link') ? termOfLink(editor.getAttributes('link')) : null
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const updateQuery = useDebouncedCallback((value: string) => setQuery(value), SEARCH_DELAY_MS)
  const choices = useQuery(termQueries.picker(query.trim()))
  // The result Enter takes: the first of each new list (the server ranks them), until the arrows move it.
  // cmdk marks one itself only when its own filter runs, which here the server does.
  const [chosen, setChosen] = useState('')
  const results = choices.data
  useEffect(() => {
    if (!results || results.some((choice) => String(choice.id) === chosen)) return
    setChosen(results[0] ? String(results[0].id) : '')
  }, [results, chosen])

  function link(choice: TermChoice) {
    const attributes = { href: `/term/${choice.id}`, dataTerm: choice.term }
    const chain = editor.chain().focus()
    if (editor.isActive('link')) chain.extendMarkRange('link').setLink(attributes).run()
    else if (editor.state.selection.empty)
      // Nothing selected: the term's name goes in, linked.
      chain.insertContent({ type: 'text', text: choice.term, marks: [{ type: 'link', attrs: attributes }] }).run()
    else chain.setLink(attributes).run()
    onDone()
  }

  function unlink() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onDone()
  }

  return (
    <DialogContent
      title={t.title}
      description={current ? fill(t.current, { term: current.name ?? `#${current.id}` }) : t.description}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        editor.commands.focus()
      }}
    >
      <Command shouldFilter={false} label={t.search} className="grid gap-2" value={chosen} onValueChange={setChosen}>
        <Command.Input
          autoFocus
          value={search}
          onValueChange={(value) => {
            setSearch(value)
            updateQuery(value)
          }}
          placeholder={t.search}
          className="rounded border border-stone-300 px-3 py-2 text-stone-900 outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
        />
        <Command.List label={t.results} className="max-h-72 overflow-y-auto rounded border border-stone-200">
          {choices.isPending ? <Command.Loading>{t.loading}</Command.Loading> : null}
          {choices.isError ? (
            <p role="alert" className="p-3 text-sm text-red-800">
              {t.failed}
            </p>
          ) : null}
          <Command.Empty className="p-3 text-sm text-stone-600">{t.none}</Command.Empty>
          {(choices.data ?? []).map((choice) => (
            <Command.Item
              key={choice.id}
              value={String(choice.id)}
              onSelect={() => link(choice)}
              className="flex cursor-pointer justify-between gap-2 px-3 py-2 text-stone-900 data-[selected=true]:bg-amber-100"
            >
              <span lang="pi">{choice.term}</span>
              {choice.published ? null : <span className="text-sm text-stone-600">{t.unpublished}</span>}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      {current ? (
        <DialogFooter>
          <Button variant="secondary" onClick={unlink}>
            {t.remove}
          </Button>
        </DialogFooter>
      ) : null}
    </DialogContent>
  )
}
