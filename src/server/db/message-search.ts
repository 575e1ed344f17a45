import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchTextOf, toPrefixTsQuery } from '../../shared/text/search';
import { messages } from './schema';

/**
 * The condition "every term begins a word of the message", on the column the `messages_search_idx`
 * GIN index holds. Terms come from `searchTerms` (letters and digits only).
 */
export function matchingMessages(
  terms: readonly string[],
  column: SQL.Aliased | AnyColumn = messages.searchVector,
): SQL {
  return sql`${column} @@ to_tsquery('simple', ${toPrefixTsQuery(terms)})`;
}

/** The stored search document of a message's text (the one folding, then PostgreSQL's parser). */
export function searchVectorOf(content: string): SQL {
  return sql`to_tsvector('simple', ${searchTextOf(content)})`;
}
