import fp from 'fastify-plugin';
import { describe, type Refusal } from '../../routes/api/helpers.ts';
import { FREE_TEXT, FIELD_MESSAGE, EMPTY_MESSAGE } from '../../contract/common.ts';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** What any route may answer, whatever it is: published once, in the document's description. */
export const COMMON_REFUSALS: readonly Refusal[] = [
  [401, 'unauthenticated'],
  [409, 'change_in_flight'],
  [409, 'idempotency_in_flight'],
  [422, 'change_key_mismatch'],
  [422, 'idempotency_mismatch'],
  [429, 'rate_limited'],
];

const OVERVIEW = [
  'The storefront contract. Every answer is `{ status, message, data }`; every refusal `{ status, message, errors? }`, with `errors` (each field\'s messages) on 422 only. Send `lang: en` or `lang: ar` for the messages\' language.',
  `A body field the schema does not name is refused (422, the field named); an unknown query parameter is ignored. A string marked \`${FREE_TEXT}\` is cleaned before it is checked: Unicode NFC, control characters other than tab and line feed removed, direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) removed, zero-width characters removed (joiners between two characters kept), then trimmed; its length and pattern apply to what is left. \`${FIELD_MESSAGE}\` and \`${EMPTY_MESSAGE}\` name the message a refusal of the field gives.`,
  'Besides each route\'s own refusals (in its description): 401 on a route with bearer security without a valid token; 409 and 422 on a route with an Idempotency-Key when the key is in use or was used for another body; 429 with Retry-After where a route limits attempts; 413 over the body limit; 415 for a body that is not JSON; 503 with Retry-After when the shop is briefly unavailable.',
].join('\n\n');

/** OpenAPI generated from the same TypeBox schemas the routes validate with. */
async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Attar API', version: '1.0.0', description: describe(OVERVIEW, COMMON_REFUSALS) },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
}

export default fp(swaggerPlugin, { name: 'swagger' });
