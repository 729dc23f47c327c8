// Code the first screen does without (dialogs, menus, the desktop side panel): React.lazy with a
// `preload` a trigger calls when the pointer or focus reaches it, so the code is usually there by
// the time it is opened. The module is asked for once; a failed load is asked for again.
import { lazy } from 'react'
import type { ComponentType } from 'react'

export interface LazyPart<Props> {
  Component: ComponentType<Props>
  /** Starts loading the code; never rejects (a failure shows when the part renders). */
  preload: () => void
  /**
   * Loads the code: resolves with the component itself once it is there (rendered directly, it never
   * suspends), rejects when it could not be loaded (e.g. offline).
   */
  ready: () => Promise<ComponentType<Props>>
}

export function lazyPart<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyPart<Props> {
  let loading: Promise<Record<Name, ComponentType<Props>>> | null = null
  const get = () => {
    loading ??= load().catch((failure: unknown) => {
      loading = null
      throw failure
    })
    return loading
  }
  const Component = lazy(async () => ({ default: (await get())[name] }))
  return {
    Component: Component as unknown as ComponentType<Props>,
    preload: () => {
      get().catch(() => undefined)
    },
    ready: async () => (await get())[name],
  }
}
