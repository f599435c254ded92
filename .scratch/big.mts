import sharp from "sharp";
const W = 4032, H = 3024;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb7e6"/><stop offset="1" stop-color="#e8d9b0"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#s)"/>${Array.from({length: 400}, (_, i) => `<circle cx="${(i*997)%W}" cy="${(i*613)%H}" r="${20+(i%50)}" fill="hsl(${(i*37)%360},60%,50%)" opacity="0.6"/>`).join("")}</svg>`;
const t = Date.now();
const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
const noisy = Buffer.from(base.data);
for (let i = 0; i < noisy.length; i++) noisy[i] = Math.max(0, Math.min(255, noisy[i] + ((i * 2654435761) % 23) - 11));
const jpeg = await sharp(noisy, { raw: base.info }).jpeg({ quality: 92 }).toBuffer();
console.log(jpeg.length, Date.now() - t, "ms");
