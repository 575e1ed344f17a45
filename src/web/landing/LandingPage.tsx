import { COUNTRY_PATHS } from '../../shared/catalogue/countries';
import type { EntryPageData } from '../../shared/pages/page-data';
import { ChatLinks } from './ChatLinks';
import { LandingLayout } from './LandingLayout';
import { LinkGrid } from './LinkGrid';
import { LANDING_TEXTS as T } from './texts';
import { WELCOME_TEXTS } from '../features/welcome/texts';

const numberFormat = new Intl.NumberFormat('ar-u-nu-latn');
const HOME = { name: T.home, path: '/' };

function formCountry(id: string): string | undefined {
  return (COUNTRY_PATHS as readonly string[]).includes(id) ? id : undefined;
}

/** Home, country, city, hub and sub-chat pages: each its own words and links around the entry form. */
export default function LandingPage({ data }: { data: EntryPageData }) {
  switch (data.kind) {
    case 'home':
      return (
        <LandingLayout heading={`مجلس: ${WELCOME_TEXTS.tagline}`} intro={WELCOME_TEXTS.intro}>
          <LinkGrid id="countries" title={T.countriesTitle} items={data.countries} />
          <LinkGrid id="themed" title={T.themedTitle} items={data.hubs} />
          <LinkGrid id="popular" title={T.popularCitiesTitle} items={data.popularCities} />
        </LandingLayout>
      );
    case 'arabic':
      return (
        <LandingLayout heading={T.arabicTitle} intro={T.arabicIntro}>
          <p className="text-center md:text-start">
            <a
              href="/watan"
              className="inline-block rounded-xl bg-primary px-5 py-2.5 font-medium text-primary-foreground"
            >
              {T.arabicLink}
            </a>
          </p>
        </LandingLayout>
      );
    case 'country': {
      const { country, cities, stats } = data;
      const facts = [
        T.cityCount(stats.totalCities),
        stats.regions.length > 0 && T.regionsCount(stats.regions.length),
        stats.hasCapital && T.hasCapital,
        stats.hasMobileChat && T.hasMobile,
      ].filter((fact): fact is string => typeof fact === 'string');
      return (
        <LandingLayout
          heading={`شات ${country.nameAr}`}
          intro={country.description}
          breadcrumbs={[HOME, { name: `شات ${country.nameAr}`, path: country.path }]}
          defaultCountry={formCountry(country.id)}
        >
          <ChatLinks links={country.chatLinks} pagePath={country.path} />
          <section aria-labelledby="cities" className="flex flex-col gap-3">
            <h2 id="cities" className="text-xl font-bold">
              {T.citiesOf(country.nameAr)}
            </h2>
            <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p>
            <LinkGrid items={cities} />
          </section>
        </LandingLayout>
      );
    }
    case 'city': {
      const { city, country, siblings } = data;
      const facts: [string, string][] = [
        [T.country, country.nameAr],
        ...(city.region ? ([[T.region, city.region]] as [string, string][]) : []),
        ...(city.population ? ([[T.population, numberFormat.format(city.population)]] as [string, string][]) : []),
      ];
      return (
        <LandingLayout
          heading={`شات ${city.nameAr}`}
          intro={city.metaDescription}
          breadcrumbs={[
            HOME,
            { name: `شات ${country.nameAr}`, path: country.path },
            { name: `شات ${city.nameAr}`, path: city.path },
          ]}
          defaultCountry={formCountry(city.countryId)}
        >
          <ChatLinks links={city.chatLinks} pagePath={city.path} />
          <section aria-labelledby="about-city" className="flex flex-col gap-3">
            <h2 id="about-city" className="text-xl font-bold">
              {T.aboutCity}
              {city.isCapital && (
                <span className="ms-2 rounded-full bg-accent px-2 py-0.5 text-sm text-accent-foreground">
                  {T.capital}
                </span>
              )}
            </h2>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-2xl border border-border bg-card px-3 py-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <LinkGrid id="other-cities" title={T.otherCities(country.nameAr)} items={siblings} />
        </LandingLayout>
      );
    }
    case 'hub':
      return (
        <LandingLayout
          heading={data.hub.nameAr}
          intro={data.hub.description}
          breadcrumbs={[HOME, { name: data.hub.nameAr, path: data.hub.path }]}
        >
          <ChatLinks links={data.hub.chatLinks} pagePath={data.hub.path} />
          <LinkGrid id="sub-chats" title={T.subChats} items={data.subChats} />
          <LinkGrid id="related" title={T.related} items={data.related} />
        </LandingLayout>
      );
    case 'chat':
      // A shared room address: the entry form, and the room opens right after entering.
      return <LandingLayout heading={T.chatPage.heading} intro={WELCOME_TEXTS.intro} />;
    case 'subChat':
      return (
        <LandingLayout
          heading={data.subChat.nameAr}
          intro={data.subChat.metaDescription}
          breadcrumbs={[
            HOME,
            { name: data.parent.name, path: data.parent.path },
            { name: data.subChat.nameAr, path: data.subChat.path },
          ]}
        >
          <ChatLinks links={data.subChat.chatLinks} pagePath={data.subChat.path} />
          <LinkGrid id="other-sections" title={T.otherSections} items={data.siblings} />
          <p>
            <a href={data.parent.path} className="font-medium text-primary underline underline-offset-4">
              {T.backTo(data.parent.name)}
            </a>
          </p>
        </LandingLayout>
      );
  }
}
