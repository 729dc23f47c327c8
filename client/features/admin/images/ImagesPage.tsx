// /admin/images: every picture uploaded for pages, newest first — a thumbnail, its size, its alt
// text (editable), the pages that show it (links to their editor), its HTML to copy into a page's
// HTML view, and delete for one no page uses.
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { ImageWithUses } from '#shared/api/images.ts'
import { IMAGE_ALT_MAX_CHARS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { imageTexts } from '#client/texts/images.ts'
import { siteTexts, toastTexts } from '#client/texts/common.ts'
import { failureText } from '#client/api/http.ts'
import { imageQueries, useChangeImageAlt, useDeleteImage } from '#client/api/images.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { imageHtml, readableSize } from './image-html.ts'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'short' })

export function ImagesPage() {
  const t = imageTexts.library
  const library = useQuery(imageQueries.list())
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageHeading title={t.heading}>{t.heading}</PageHeading>
        <p className="text-sm text-stone-600">{t.description}</p>
      </div>
      {library.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {library.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
      {library.data?.length === 0 ? <p className="text-stone-600">{t.empty}</p> : null}
      {library.data && library.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {library.data.map((image) => (
            <ImageCard key={image.id} image={image} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function ImageCard({ image }: { image: ImageWithUses }) {
  const t = imageTexts.library
  const name = image.fileName || t.untitled
  const remove = useDeleteImage()
  const headingId = useId()
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid h-full content-start gap-3 rounded-lg border border-stone-300 bg-white p-4 shadow-sm"
      >
        <div className="flex h-40 items-center justify-center overflow-hidden rounded bg-stone-100">
          <img
            src={image.url}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            className="max-h-40 w-auto max-w-full object-contain"
          />
        </div>
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-medium break-all text-stone-900">
            {name}
          </h2>
          <p className="text-sm text-stone-600">
            {fill(t.size, { width: image.width, height: image.height, size: readableSize(image.sizeBytes) })}
          </p>
          <p className="text-sm text-stone-600">
            {image.createdBy
              ? fill(t.uploadedBy, { who: image.createdBy, when: dateFormat.format(new Date(image.createdAt)) })
              : fill(t.uploadedAt, { when: dateFormat.format(new Date(image.createdAt)) })}
          </p>
        </div>
        <AltForm image={image} />
        <div className="text-sm">
          {image.usedBy.length > 0 ? (
            <>
              <p className="font-medium text-stone-800">{t.usedBy}</p>
              <ul className="list-disc pl-5">
                {image.usedBy.map((page) => (
                  <li key={page.id}>
                    <Link to={`/admin/content/edit/${page.id}`} className="text-amber-800 underline underline-offset-4">
                      {page.title}
                    </Link>
                    {page.published ? null : <span className="text-stone-600"> {t.draft}</span>}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-stone-600">{t.unused}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void copyHtml(image)}>
            {t.copy}
            <span className="sr-only">: {name}</span>
          </Button>
          {image.usedBy.length === 0 ? (
            <DeleteItemDialog
              name={name}
              texts={t}
              remove={() => remove.mutateAsync(image.id)}
              isPending={remove.isPending}
              failureText={failureText}
            />
          ) : null}
        </div>
      </article>
    </li>
  )
}

async function copyHtml(image: ImageWithUses) {
  const t = imageTexts.library
  try {
    await navigator.clipboard.writeText(imageHtml(image))
    toast({ title: toastTexts.success, description: t.copied })
  } catch (failure) {
    toast({ variant: 'destructive', title: t.copyFailed, description: failureText(failure) })
  }
}

function AltForm({ image }: { image: ImageWithUses }) {
  const t = imageTexts.library
  const id = useId()
  const [alt, setAlt] = useState(image.alt)
  const change = useChangeImageAlt()
  const changed = alt.trim() !== image.alt

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    change.mutate(
      { id: image.id, alt: alt.trim() },
      {
        onSuccess: () => toast({ title: toastTexts.success, description: t.altSaved }),
        onError: (failure) =>
          toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) }),
      },
    )
  }

  return (
    <form className="grid gap-1" onSubmit={submit}>
      <Label htmlFor={id}>{t.alt}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={alt}
          maxLength={IMAGE_ALT_MAX_CHARS}
          placeholder={t.noAlt}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAlt(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!changed || change.isPending} aria-busy={change.isPending}>
          {t.saveAlt}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {t.altHint}
      </p>
    </form>
  )
}
