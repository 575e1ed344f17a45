import type { PageData } from '../../shared/pages/page-data';
import DiagnosticPage from './DiagnosticPage';
import NotFoundPage from './NotFoundPage';

export function renderOtherPage(data: PageData) {
  switch (data.kind) {
    case 'notFound':
      return <NotFoundPage data={data} />;
    case 'diagnostic':
      return <DiagnosticPage data={data} />;

    default:
      return null;
  }
}
