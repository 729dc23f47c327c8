import type { FastifyReply } from 'fastify'

/**
 * Sends JSON text written elsewhere (by a worker thread) as it is: Fastify passes a string with a
 * JSON type through without the route's serializer, so the main thread neither checks nor writes a
 * large answer. The route's response schema still documents it; tests check the shape.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
