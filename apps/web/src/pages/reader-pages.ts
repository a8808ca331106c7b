/**
 * The FABReader and NFC cards pages as one lazy chunk. Apart, the NFC cards page would be the
 * only chunk to use a Select without a text field, which makes the bundler split chunks the
 * sign-in screen loads, and that screen's budget has no room for the extra files.
 */
export { default as FabreaderPage } from './fabreader-page.tsx';
export { default as NfcCardsPage } from './nfc-cards-page.tsx';
