package io.bindery.anchor;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.Router;
import io.vertx.httpproxy.HttpProxy;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Every /v1/* request to the one upstream through vertx-http-proxy, kept-alive HTTP/1.1, 128 connections. */
@Singleton
public class Proxy {
    @ConfigProperty(name = "anchor.upstream.port", defaultValue = "19501")
    int port;

    void route(@Observes Router router, Vertx vertx) {
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true),
                new PoolOptions().setHttp1MaxSize(128));
        HttpProxy proxy = HttpProxy.reverseProxy(client).origin(port, "127.0.0.1");
        router.route("/v1/*").handler(ctx -> proxy.handle(ctx.request()));
    }
}
