import { FIRST_ANSWERS_ELEMENT_ID, firstAnswersJson, readFirstAnswers, withFirstAnswers } from './first-answers';
import type { HttpRequest, HttpRequester } from './client';

function pageWith(json: string | null): Pick<Document, 'getElementById'> {
  document.body.innerHTML =
    json === null ? '' : `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json}</script>`;
  return document;
}

describe('firstAnswersJson', () => {
  test('a value cannot end the script element or open a comment, and reads back unchanged', () => {
    const answers = { '/ajax/checkout/': { name: '</script><script>alert(1)</script> <!-- & \u2028 \u2029 >' } };
    const json = firstAnswersJson(answers);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(answers);
  });

  test('the HTML parser keeps the whole block as one element', () => {
    const answers = { '/ajax/x/': { name: 'Gig </script><p id="escaped">' } };
    expect(readFirstAnswers(pageWith(firstAnswersJson(answers)))).toEqual(answers);
    expect(document.getElementById('escaped')).toBeNull();
  });
});

describe('readFirstAnswers', () => {
  test('none on the page, or not JSON, or not an object: null', () => {
    expect(readFirstAnswers(pageWith(null))).toBeNull();
    expect(readFirstAnswers(pageWith('{not json'))).toBeNull();
    expect(readFirstAnswers(pageWith('[1,2]'))).toBeNull();
  });
});

describe('withFirstAnswers', () => {
  const network = (): HttpRequester & { asked: HttpRequest[] } => {
    const asked: HttpRequest[] = [];
    return {
      asked,
      request: (request) => {
        asked.push(request);
        return Promise.resolve({ status: 200, data: 'from the network' });
      },
    };
  };

  test('an inlined GET is answered once from the page, then from the network', async () => {
    const http = network();
    const client = withFirstAnswers(http, { '/ajax/checkout/': { state: 'basket' } });
    expect(await client.request({ method: 'GET', url: '/ajax/checkout/' })).toEqual({
      status: 200,
      data: { state: 'basket' },
    });
    expect(http.asked).toEqual([]);
    expect((await client.request({ method: 'GET', url: '/ajax/checkout/' })).data).toBe('from the network');
    expect(http.asked).toHaveLength(1);
  });

  test('other paths, queries and POSTs go to the network; no answers at all changes nothing', async () => {
    const http = network();
    const client = withFirstAnswers(http, { '/ajax/checkout/': {} });
    await client.request({ method: 'GET', url: '/ajax/checkout/?x=1' });
    await client.request({ method: 'POST', url: '/ajax/checkout/', data: '' });
    await withFirstAnswers(http, null).request({ method: 'GET', url: '/ajax/checkout/' });
    expect(http.asked.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /ajax/checkout/?x=1',
      'POST /ajax/checkout/',
      'GET /ajax/checkout/',
    ]);
  });
});
