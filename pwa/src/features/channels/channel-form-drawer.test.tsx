// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { ChannelFormDrawer } from './channel-form-drawer';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const status = { success: true, data: { display_in_currency: true, quota_per_unit: 500000, setup: true } };

function writes(calls: ReturnType<typeof stubFetch>) {
  return calls.filter((c) => c.url.startsWith('/api/channel/') && c.init?.method === 'POST').map((c) => ({ url: c.url, body: JSON.parse(String(c.init?.body)) }));
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('ChannelFormDrawer (create)', () => {
  let calls: ReturnType<typeof stubFetch>;
  const onClose = vi.fn();
  beforeEach(async () => {
    localStorage.clear();
    onClose.mockReset();
    toast.error.mockReset();
    toast.success.mockReset();
    calls = stubFetch({
      '/api/status': status,
      '/api/channel/models_enabled': { success: true, data: [] },
      '/api/channel/fetch_models': { success: true, message: '', data: ['m1', 'm2'] },
      '/api/channel/': { success: true, message: '' },
    });
    renderWithApp(<ChannelFormDrawer channelId={null} onClose={onClose} />);
    await screen.findByText('创建新的渠道');
  });
  afterEach(cleanup);

  it('asks for the name and key first, then for a model, and sends nothing', async () => {
    submit();
    expect((await screen.findAllByText('请填写渠道名称和渠道密钥！')).length).toBeGreaterThan(0);
    type('channel-name', 'c1');
    type('channel-key', 'sk-1');
    submit();
    expect((await screen.findAllByText('请至少选择一个模型！')).length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);
  });

  it('needs a key to fetch models, then adds the fetched ones; refuses a duplicate custom name', async () => {
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(toast.error).toHaveBeenCalledWith('请填写密钥');
    type('channel-key', 'sk-1');
    type('channel-base-url', 'http://up.test/');
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('获取模型列表成功'));
    expect(writes(calls)).toEqual([{ url: '/api/channel/fetch_models', body: { base_url: 'http://up.test', type: 1, key: 'sk-1' } }]);
    fireEvent.change(screen.getByLabelText('输入自定义模型名称，逗号分隔'), { target: { value: 'm3, m1' } });
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    expect(toast.error).toHaveBeenCalledWith('某些模型已存在！');
  });

  it('refuses a model mapping that is not JSON', async () => {
    type('channel-name', 'c1');
    type('channel-key', 'sk-1');
    fireEvent.change(screen.getByLabelText('输入自定义模型名称，逗号分隔'), { target: { value: 'm1' } });
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    type('channel-model-mapping', '{bad');
    submit();
    expect((await screen.findAllByText('模型映射必须是合法的 JSON 格式！')).length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);
  });

  it('warns about /v1 and creates only after the confirmation, without the trailing slash', async () => {
    type('channel-name', 'c1');
    type('channel-key', 'sk-1');
    type('channel-base-url', 'http://up.test/v1/');
    expect(await screen.findByText(/API 地址以 \/v1 结尾/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('输入自定义模型名称，逗号分隔'), { target: { value: 'm1' } });
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    submit();
    fireEvent.click(await screen.findByRole('button', { name: '仍然保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      { url: '/api/channel/', body: { mode: 'single', multi_key_mode: 'random', channel: expect.objectContaining({ name: 'c1', key: 'sk-1', base_url: 'http://up.test/v1', models: 'm1', group: 'default', auto_ban: 1 }) } },
    ]);
  });
});
