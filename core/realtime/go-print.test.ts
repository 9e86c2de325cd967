import { describe, expect, it } from 'vitest';
import { goFloat, goPrint } from './go-print.js';
import { realtimeToolText } from './realtime-local-count.js';

// Every expected string below is what Go 1.19 printed for the same JSON decoded by encoding/json into new-api's
// RealTimeTool struct ({Type, Name, Description string; Parameters any}) and formatted with fmt.Sprintf("%v").
describe('realtimeToolText: Go %v of the decoded RealTimeTool', () => {
  it.each<[string, unknown, string]>([
    [
      'a function with nested parameters: maps with sorted keys, slices in brackets',
      { type: 'function', name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] } },
      '{function get_weather Weather of a city map[properties:map[city:map[description:City name type:string]] required:[city] type:object]}',
    ],
    ['no description, no parameters: an empty field and <nil>', { type: 'function', name: 'noop' }, '{function noop  <nil>}'],
    ['parameters null', { type: 'function', name: 'n', description: 'd', parameters: null }, '{function n d <nil>}'],
    [
      'numbers as float64 (1000000 is 1e+06), booleans',
      { type: 'function', name: 'limits', parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 0, maximum: 1000000, multipleOf: 0.5, default: -3 } }, additionalProperties: false } },
      '{function limits  map[additionalProperties:false properties:map[n:map[default:-3 maximum:1e+06 minimum:0 multipleOf:0.5 type:integer]] type:object]}',
    ],
    ['empty map and slice', { type: 'function', name: 'empty', parameters: { type: 'object', properties: {}, required: [] } }, '{function empty  map[properties:map[] required:[] type:object]}'],
    ['keys in byte order (upper case, then _, then lower case, then non-ASCII)', { type: 'function', name: 'order', parameters: { b: 1, B: 2, a: 3, _: 4, Z: 5, é: 6, z: 7 } }, '{function order  map[B:2 Z:5 _:4 a:3 b:1 z:7 é:6]}'],
    ['field names matched without regard to case', { Type: 'function', NAME: 'shout', Description: 'upper-case keys' }, '{function shout upper-case keys <nil>}'],
    ['fields the struct lacks are dropped', { type: 'function', name: 'strict', strict: true, parameters: { type: 'object' } }, '{function strict  map[type:object]}'],
    ['non-ASCII text as it is; parameters that are a string', { type: 'function', name: '天气', description: '城市的天气', parameters: 'plain' }, '{function 天气 城市的天气 plain}'],
    ['a mixed slice: nil, booleans, nested map and slice', { type: 'function', name: 'mixed', parameters: [1, 'a', null, true, { k: [] }, []] }, '{function mixed  [1 a <nil> true map[k:[]] []]}'],
    ['spaces kept as they are, in keys too', { type: 'function', name: 'spaces', description: '  two  spaces ', parameters: { 'a b': 'c d' } }, '{function spaces   two  spaces  map[a b:c d]}'],
    ['the last of two keys for one field wins', JSON.parse('{"Name":"later","name":"wins","type":"function"}'), '{function wins  <nil>}'],
    ['not an object: nothing', 'tool', ''],
  ])('%s', (_name, tool, expected) => expect(realtimeToolText(tool)).toBe(expected));
});

describe('goFloat', () => {
  it('prints float64 as Go %v does: shortest digits, exponent below 1e-4 and from 1e+06', () => {
    // Go: [1e+21 123456 1.234567e+06 0.0001 1e-05 1.5e+300 -0 100 1e+06 1.2345678901234567e+19 0.1 2.5e-07 -1.25]
    const decoded = JSON.parse('[1e21,123456,1234567,0.0001,0.00001,1.5e300,-0,100,1e6,12345678901234567890,0.1,2.5e-7,-1.25]') as number[];
    expect(goPrint(decoded)).toBe('[1e+21 123456 1.234567e+06 0.0001 1e-05 1.5e+300 -0 100 1e+06 1.2345678901234567e+19 0.1 2.5e-07 -1.25]');
    expect(goFloat(999999)).toBe('999999');
    expect(goFloat(-1e-300)).toBe('-1e-300');
  });
});
