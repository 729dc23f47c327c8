// A plugin with a name and the plugins it needs registered before it, in the metadata Fastify reads
// from the function (what fastify-plugin sets; that package is a dependency of Fastify's own
// plugins, not of ours): Fastify refuses to start when one of them is missing or comes later, so an
// order that matters is checked instead of explained. Like fastify-plugin, it skips Fastify's
// encapsulation: the plugin's hooks and decorations are the whole app's.
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify'

export function namedPlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  dependencies: readonly string[],
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, dependencies: [...dependencies] },
  })
}
