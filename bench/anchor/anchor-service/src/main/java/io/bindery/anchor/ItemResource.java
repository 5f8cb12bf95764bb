package io.bindery.anchor;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** GET /v1/spaces/{id}: one row by primary key with Panache, returned as JSON. No auth. */
@Path("/v1/spaces")
@Produces(MediaType.APPLICATION_JSON)
public class ItemResource {
    @GET
    @Path("/{id}")
    public Item get(@PathParam("id") String id) {
        Item item = Item.findById(id);
        if (item == null) {
            throw new NotFoundException();
        }
        return item;
    }
}
