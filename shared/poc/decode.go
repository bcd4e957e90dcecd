package poc
