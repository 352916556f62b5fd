// A card's picture as JPEG (`/card-images/<card>.jpg`, `<card>.reversed.jpg`): public, no sign-in, because
// Telegram's servers fetch it for an inline result's photo and thumbnail. Cached a week: a name never
// changes its picture.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import { validate } from '../http';

const fileParam = z.object({
  file: z.string().regex(/^[a-z][a-z-]{1,39}(\.reversed)?\.jpg$/, 'ожидается имя карты с .jpg'),
});

export const cardPictureRoutes = (s: Services) =>
  new Hono().get('/:file', validate('param', fileParam), async (c) => {
    const file = c.req.valid('param').file;
    const reversed = file.endsWith('.reversed.jpg');
    const bytes = await s.cardPictures.jpeg(file.replace(/(\.reversed)?\.jpg$/, ''), reversed);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=604800, immutable',
    });
  });
