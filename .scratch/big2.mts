import sharp from "sharp";
const W = 4032, H = 3024;
const t = Date.now();
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb7e6"/><stop offset="1" stop-color="#c9a36b"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#s)"/><path d="M0 ${H*0.6} Q${W/2} ${H*0.4} ${W} ${H*0.65} V${H} H0Z" fill="#4d6b3a"/></svg>`;
const noise = await sharp({ create: { width: W, height: H, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 22 } } }).png().toBuffer();
const jpeg = await sharp(Buffer.from(svg)).composite([{ input: noise, blend: "soft-light" }]).jpeg({ quality: 96 }).toBuffer();
console.log(jpeg.length, Date.now() - t, "ms");
const small = await sharp(jpeg).resize(2560).jpeg({ quality: 85 }).toBuffer();
console.log("shrunk", small.length);
