/**
 * What the aggregates (`sum of`, `count of`, `distinct … of`, `leader of`, …) measure for each
 * element and what they give; checker.ts checks the parts with these rules.
 */
export type AggregateWord = 'sum' | 'max' | 'min' | 'highest' | 'lowest' | 'count' | 'distinct' | 'leader';

/** What is computed for each element: a score, a condition (`count of … where`), or any value (`distinct`). */
export function aggregateMeasure(word: AggregateWord): 'number' | 'condition' | 'value' {
  return word === 'count' ? 'condition' : word === 'distinct' ? 'value' : 'number';
}

/** The kind of the result, from the list's kind and the kind of what is computed for each element. */
export function aggregateType(word: AggregateWord, listType: string, valueType: string): string {
  const isList = listType.startsWith('list<');
  const element = isList ? listType.slice(5, -1) : 'unknown';
  switch (word) {
    case 'sum': case 'max': case 'min': case 'count': return 'number';
    case 'highest': case 'lowest': return isList ? listType : 'list<unknown>';
    case 'leader': return element;
    case 'distinct': return `list<${valueType === 'none' ? 'unknown' : valueType}>`;
  }
}
