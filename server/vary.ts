import type { FastifyReply } from 'fastify';

/**
 * Adds `field` to the answer's Vary header, keeping what is there: CORS sets
 * Vary: Origin before the route runs, and a route's own Vary (Cookie,
 * Accept-Encoding) must not drop it, or a shared cache could hand one
 * origin's answer to another.
 */
export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const current = reply.getHeader('vary');
  const fields = typeof current === 'string' ? current.split(',').map((f) => f.trim()).filter(Boolean) : [];
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return reply;
  return reply.header('vary', [...fields, field].join(', '));
}
