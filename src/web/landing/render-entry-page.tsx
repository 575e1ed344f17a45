import { isEntryPage, type PageData } from '../../shared/pages/page-data';
import LandingPage from './LandingPage';

export function renderEntryPage(data: PageData) {
  return isEntryPage(data) ? <LandingPage data={data} /> : null;
}
