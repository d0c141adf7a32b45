// Draws the 18 illustrated tester portraits of the home page's photo wall (run once; the SVGs are committed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/media/reviews');
const backgrounds = ['#dbe8f6', '#fde7c8', '#d8f0e6', '#f8dcd8', '#e6e0f5', '#fff1c2'];
const skins = ['#f2d2b6', '#d9a57c', '#a8714a', '#7a4a2c', '#e8b98f', '#c68642'];
const hairs = ['#2b1b10', '#5a3a1e', '#d9b36a', '#1a1a1a', '#8c4a2f', '#6b6b6b'];
const shirts = ['#0b5cab', '#1f8a70', '#ed6a5a', '#f2b134', '#5b4b8a', '#3d405b'];
const props = ['cup', 'bottle', 'none'];

fs.mkdirSync(outDir, { recursive: true });
for (let index = 0; index < 18; index += 1) {
  const pick = (list, step) => list[(index * step + Math.floor(index / list.length)) % list.length];
  const bg = pick(backgrounds, 1);
  const skin = pick(skins, 5);
  const hair = pick(hairs, 7);
  const shirt = pick(shirts, 5);
  const prop = pick(props, 1);
  const longHair = index % 2 === 0;
  const hairShape = longHair
    ? `<path d="M58 70c0-30 84-30 84 0v52h-14V78c-18 8-38 8-56 0v44H58z" fill="${hair}"/>`
    : `<path d="M62 72c2-28 74-28 76 0-20-10-56-10-76 0z" fill="${hair}"/>`;
  const propShape =
    prop === 'cup'
      ? `<rect x="128" y="150" width="26" height="30" rx="4" fill="#fff"/><rect x="128" y="150" width="26" height="8" fill="${pick(shirts, 3)}"/>`
      : prop === 'bottle'
        ? `<rect x="132" y="140" width="16" height="40" rx="5" fill="${pick(shirts, 2)}"/><rect x="136" y="132" width="8" height="10" fill="#555"/>`
        : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><rect width="200" height="200" fill="${bg}"/><path d="M40 200c0-44 26-66 60-66s60 22 60 66z" fill="${shirt}"/>${longHair ? hairShape : ''}<rect x="90" y="112" width="20" height="26" fill="${skin}"/><ellipse cx="100" cy="88" rx="34" ry="38" fill="${skin}"/>${longHair ? '' : hairShape}<circle cx="88" cy="88" r="3.5" fill="#1d2939"/><circle cx="112" cy="88" r="3.5" fill="#1d2939"/><path d="M88 104q12 10 24 0" stroke="#1d2939" stroke-width="3" fill="none" stroke-linecap="round"/>${propShape}</svg>\n`;
  fs.writeFileSync(path.join(outDir, `tester-${String(index + 1).padStart(2, '0')}.svg`), svg);
}
console.log('wrote 18 portraits to', outDir);
