import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** OpenAPI generated from the same TypeBox schemas the routes validate with. */
async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Attar API', version: '1.0.0', description: 'The storefront contract.' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
}

export default fp(swaggerPlugin, { name: 'swagger' });
