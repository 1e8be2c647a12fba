import fp from 'fastify-plugin';
import { ImageWorkQueue } from '../lib/image-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** The line every sharp call of this process runs in (IMAGE_DECODE_CONCURRENCY slots, IMAGE_WORK_* shares; server/lib/image-work.ts). */
    imageWork: ImageWorkQueue;
  }
}

/** One line of image work for the process: the listing media and the avatar uploads share it. */
export default fp(
  async function imageWork(fastify) {
    const {
      imageDecodeConcurrency: slots,
      imageWorkPerAccount: perAccount,
      imageWorkPerAddress: perAddress,
      imageWorkQueueMax: queueMax,
    } = fastify.config;
    fastify.decorate('imageWork', new ImageWorkQueue({ slots, perAccount, perAddress, queueMax }));
  },
  { name: 'image-work', dependencies: ['context'], fastify: '5.x' },
);
