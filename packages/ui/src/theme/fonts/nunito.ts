// Nunito, latin subset, weights 400/600/700: fetched only when a site chooses this font (see ../site-fonts.ts).
import regular from '@fontsource/nunito/files/nunito-latin-400-normal.woff2?url';
import semibold from '@fontsource/nunito/files/nunito-latin-600-normal.woff2?url';
import bold from '@fontsource/nunito/files/nunito-latin-700-normal.woff2?url';

export default { 400: regular, 600: semibold, 700: bold };
