// SPDX-License-Identifier: Apache-2.0
import { parseV1Kinds, UnknownV1KindError } from './kind-flag.js';

describe('--enable-v1-kinds', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['PyTorchJob', ['PyTorchJob']],
    ['PyTorchJob, TFJob,PyTorchJob', ['PyTorchJob', 'TFJob']],
    ['all', ['PyTorchJob', 'TFJob', 'XGBoostJob', 'PaddleJob', 'JAXJob', 'MPIJob']],
    ['MPIJob', ['MPIJob']],
  ])('%s', (text, kinds) => {
    expect(parseV1Kinds(text)).toEqual(kinds);
  });

  it.each([
    ['pytorchjob', '--enable-v1-kinds: "pytorchjob" is not a v1 kind kubetrain serves'],
    [
      'Foo,PyTorchJob',
      '--enable-v1-kinds: "Foo" is not a v1 kind kubetrain serves; supported: PyTorchJob, TFJob, XGBoostJob, PaddleJob, JAXJob, MPIJob, or all',
    ],
  ])('refuses %s', (text, message) => {
    expect(() => parseV1Kinds(text)).toThrow(UnknownV1KindError);
    expect(() => parseV1Kinds(text)).toThrow(message);
  });
});
