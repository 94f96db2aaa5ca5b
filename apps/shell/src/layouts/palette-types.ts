import type { ComponentType } from 'react';
import type { PaletteLink } from './site-links';

/** What a finder gets: the text typed so far, and how to open what the user picks. */
export interface PaletteFinderProps {
  query: string;
  onChoose(to: string): void;
}

/** Something the palette does in place (not a page to open): e.g. switching the working location. */
export interface PaletteCommand {
  label: string;
  keywords?: string[];
  run(): void;
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The Links group: the public site's pages unless given (the /x frame gives its screens). */
  links?: readonly PaletteLink[];
  /** The Actions group: screens opened with their form open (the /x frame's). */
  actions?: readonly PaletteLink[];
  /** The Working location group: the locations to switch to (the /x frame's). */
  locationCommands?: readonly PaletteCommand[];
  /**
   * The public site's palette for a browser that was signed in: the Actions are the signed-in
   * user's (by permission, as inside /x), read when the palette opens.
   */
  visitorActions?: boolean;
  /** More results for what is typed (cmdk groups), between the links and the theme. */
  Finder?: ComponentType<PaletteFinderProps>;
}
