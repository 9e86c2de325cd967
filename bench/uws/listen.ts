import * as uWS from 'uWebSockets.js';

/** Listens on host:port (0 = any free port) and resolves with the port actually bound. */
export function listen(app: uWS.TemplatedApp, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    app.listen(host, port, (socket) => {
      // The typings only admit us_socket here, but uWS documents listen sockets as accepted.
      if (socket) resolve(uWS.us_socket_local_port(socket as unknown as uWS.us_socket));
      else reject(new Error(`cannot listen on ${host}:${port}`));
    });
  });
}
