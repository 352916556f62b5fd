import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
const [, , file, y, h, out] = process.argv;
const img = await loadImage(file);
const c = createCanvas(img.width, Number(h));
c.getContext('2d').drawImage(img, 0, -Number(y));
fs.writeFileSync(out, await c.encode('png'));
