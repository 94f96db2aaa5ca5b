import type { ComponentType } from 'react';
import type { PaletteLink } from './site-links';

/** What a finder gets: the text typed so far, and how to open what the user picks. */
export interface PaletteFinderProps {
  query: string;
  onChoose(to: string): void;
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The Links group: the public site's pages unless given (the /x frame gives its screens). */
  links?: readonly PaletteLink[];
  /** More results for what is typed (cmdk groups), between the links and the theme. */
  Finder?: ComponentType<PaletteFinderProps>;
}
