/** What other features need of the walls: the tab's name (the panel itself is a lazy chunk). */
export const WALLS_TAB = 'الحوائط';
