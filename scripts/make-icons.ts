// Makes the web app manifest's PNG icons from the SVGs in client/public/icons (run once after
// changing an SVG; the PNGs are committed): `node --import tsx scripts/make-icons.ts`.
import path from 'node:path'
import sharp from 'sharp'

const dir = path.resolve(import.meta.dirname, '../client/public/icons')
const icons = [
  { from: 'icon.svg', to: 'icon-192.png', size: 192 },
  { from: 'icon.svg', to: 'icon-512.png', size: 512 },
  { from: 'icon.svg', to: 'apple-touch-icon.png', size: 180 },
  { from: 'icon-maskable.svg', to: 'icon-maskable-512.png', size: 512 },
]

for (const icon of icons) {
  await sharp(path.join(dir, icon.from), { density: 300 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, icon.to))
  console.log(`${icon.to} (${icon.size}×${icon.size})`)
}
