package io.bindery.openapi.testing;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** What the openapi tests share: members, request bodies, waiting for processing, and spec documents. */
public final class SpecFixtures {
    private SpecFixtures() {
    }

    public static RequestSpecification as(String user) {
        return given().header("Authorization", "Bearer " + TestIdentity.token(user)).contentType("application/json");
    }

    public static String member(String org, String role) {
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, null, Instant.now());
        return user;
    }

    public static String slug() {
        return "spec-" + Ids.newId().toLowerCase().replace("_", "").replace("-", "");
    }

    public static String urlSource(String url) {
        return "{\"source\":{\"url\":\"" + url + "\"}}";
    }

    public static String create(String slug, String url) {
        return "{\"slug\":\"" + slug + "\",\"source\":{\"url\":\"" + url + "\"}}";
    }

    /** Waits until the spec's processing completed; returns the spec. */
    public static JsonPath complete(String user, String org, String slug) {
        String path = "/v1/orgs/" + org + "/openapi/" + slug;
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                "complete".equals(as(user).get(path).path("processingState")));
        return as(user).get(path).then().statusCode(200).extract().jsonPath();
    }

    /** OpenAPI 3.1 in YAML whose Pet schema is an external file ({@code schemas/pet.yaml}). */
    public static final String PETS_31 = """
            openapi: 3.1.0
            info:
              title: Pets
              version: 1.0.0
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - name: limit
                      in: query
                      required: false
                      schema: {type: integer}
                  responses:
                    '200':
                      description: the pets
                      content:
                        application/json:
                          schema:
                            type: array
                            items:
                              $ref: 'schemas/pet.yaml#/Pet'
              /pets/{petId}:
                get:
                  operationId: getPet
                  parameters:
                    - name: petId
                      in: path
                      required: true
                      schema: {type: string}
                  responses:
                    '200':
                      description: a pet
                      content:
                        application/json:
                          schema:
                            $ref: 'schemas/pet.yaml#/Pet'
                delete:
                  operationId: deletePet
                  parameters:
                    - name: petId
                      in: path
                      required: true
                      schema: {type: string}
                  responses:
                    '204':
                      description: deleted
            """;

    public static final String PET_SCHEMA = """
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: string}
                name: {type: string}
            """;

    /** PETS_31 without DELETE /pets/{petId}, with a required query parameter on GET /pets. */
    public static final String PETS_31_CHANGED = PETS_31
            .replace("""
                        delete:
                          operationId: deletePet
                          parameters:
                            - name: petId
                              in: path
                              required: true
                              schema: {type: string}
                          responses:
                            '204':
                              description: deleted
                    """, "")
            .replace("""
                            - name: limit
                              in: query
                              required: false
                    """, """
                            - name: limit
                              in: query
                              required: true
                    """);

    public static final String SWAGGER_20 = """
            {
              "swagger": "2.0",
              "info": {"title": "Store", "version": "2.0.0"},
              "host": "store.example.com",
              "basePath": "/v2",
              "paths": {
                "/orders": {
                  "get": {
                    "operationId": "listOrders",
                    "produces": ["application/json"],
                    "responses": {
                      "200": {"description": "orders", "schema": {"type": "array", "items": {"$ref": "#/definitions/Order"}}}
                    }
                  }
                }
              },
              "definitions": {
                "Order": {"type": "object", "properties": {"id": {"type": "string"}}}
              }
            }
            """;

    public static Map<String, String> files(String... pathAndText) {
        java.util.LinkedHashMap<String, String> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pathAndText.length; i += 2) {
            out.put(pathAndText[i], pathAndText[i + 1]);
        }
        return out;
    }
}
