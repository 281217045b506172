#version 330
// Instanced pieces (and any lit mesh).  One instance = one piece.
uniform mat4 m_vp;          // projection * view (world -> clip)

in vec3 in_position;        // mesh vertex, local units: base at z = 0, one cell = 1
in vec3 in_normal;
in vec4 in_offset;          // xyz: world position of the base; w: scale, its sign = facing along y
in vec4 in_color;           // rgba, a = opacity

out vec3 v_normal;
out vec4 v_color;

void main() {
    float s = abs(in_offset.w);
    float f = in_offset.w < 0.0 ? -1.0 : 1.0;
    vec3 p = in_position * s;
    p.x *= f;               // turn the mesh half-way round (x and y flipped = rotation by 180 degrees)
    p.y *= f;
    vec3 n = in_normal;
    n.x *= f;
    n.y *= f;
    v_normal = n;
    v_color = in_color;
    gl_Position = m_vp * vec4(in_offset.xyz + p, 1.0);
}
